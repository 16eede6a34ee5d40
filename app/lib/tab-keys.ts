/**
 * The keys of a tab list and of a menu (WAI-ARIA tabs and menu button patterns): the arrow
 * keys of the widget's direction move between its entries (wrapping), Home and End go to the
 * first and the last. Disabled entries are passed over.
 */
const ARROWS = {
  horizontal: ["ArrowRight", "ArrowLeft"],
  vertical: ["ArrowDown", "ArrowUp"],
} as const;

/**
 * The entry a key moves to from `index` (-1: none yet, the next is the first, the previous
 * the last), or undefined when the key is not one of the widget's.
 */
export function entryAfterKey(
  key: string,
  index: number,
  count: number,
  direction: keyof typeof ARROWS,
  isDisabled: (index: number) => boolean = () => false,
): number | undefined {
  const [next, previous] = ARROWS[direction];
  const moves: Record<string, [start: number, step: number]> = {
    [next]: [index + 1, 1],
    [previous]: [(index < 0 ? count : index) - 1, -1],
    Home: [0, 1],
    End: [count - 1, -1],
  };
  const move = moves[key];
  if (!move || count === 0) return undefined;
  const [start, step] = move;
  for (let taken = 0; taken < count; taken++) {
    const entry = (((start + step * taken) % count) + count) % count;
    if (!isDisabled(entry)) return entry;
  }
  return undefined;
}

/** A tab list's keys: Left and Right. */
export function tabAfterKey(
  key: string,
  index: number,
  count: number,
  isDisabled?: (index: number) => boolean,
): number | undefined {
  return entryAfterKey(key, index, count, "horizontal", isDisabled);
}

/**
 * Typing a character in a menu: the next entry after `index` whose label starts with it
 * (wrapping, any case), or undefined when none does or the key is not a character.
 */
export function entryStartingWith(
  key: string,
  index: number,
  labels: readonly string[],
): number | undefined {
  if ([...key].length !== 1 || key === " ") return undefined;
  const wanted = key.toLocaleLowerCase();
  for (let taken = 1; taken <= labels.length; taken++) {
    const entry = (index + taken + labels.length) % labels.length;
    if (labels[entry].trim().toLocaleLowerCase().startsWith(wanted)) return entry;
  }
  return undefined;
}
