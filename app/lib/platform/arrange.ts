/**
 * The import dialog's Arrange: a decoded JSON document pretty-printed (two spaces), or
 * undefined when it nests too deeply to print (a document no platform schema is).
 */
export function arrangedJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
