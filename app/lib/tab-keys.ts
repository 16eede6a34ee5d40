/**
 * The keys of a tab list (WAI-ARIA tabs pattern): only the selected tab is in the Tab order,
 * the arrow keys move between tabs (wrapping), Home and End go to the first and the last.
 * Disabled tabs are passed over.
 */
export function tabAfterKey(key: string, index: number, count: number, isDisabled: (index: number) => boolean = () => false): number | undefined {
  const moves: Record<string, [start: number, direction: number]> = {
    ArrowRight: [index + 1, 1],
    ArrowLeft: [index - 1, -1],
    Home: [0, 1],
    End: [count - 1, -1],
  };
  const move = moves[key];
  if (!move) return undefined;
  const [start, direction] = move;
  for (let step = 0; step < count; step++) {
    const next = (((start + direction * step) % count) + count) % count;
    if (!isDisabled(next)) return next;
  }
  return undefined;
}
