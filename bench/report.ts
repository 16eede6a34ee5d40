/**
 * What a benchmark run prints: each figure as it is measured, and at the end the targets of
 * the quality gates (issues 'Quality gates' and 'Every page fast under load'), each with its
 * figure and met / not met, and the figures kept beside them for reference.
 */
export interface Target {
  /** What the figure must be, in words ('at most 30 ms'). */
  text: string;
  met: boolean;
}

interface Checked {
  name: string;
  value: string;
  /** None for a figure kept beside the targets for reference (`reference`). */
  target?: Target;
}

const checked: Checked[] = [];

/** A heading of the run's output. */
export function heading(text: string) {
  console.log(`\n== ${text}`);
}

/** Prints a figure; one with a target is also kept for the summary. */
export function figure(name: string, value: string, target?: Target) {
  const verdict = target ? `   target ${target.text}: ${target.met ? "met" : "NOT MET"}` : "";
  console.log(`${name}: ${value}${verdict}`);
  if (target) checked.push({ name, value, target });
}

/** Prints a figure without a target that the summary of the targets shows too (the trivial route's, for one). */
export function reference(name: string, value: string) {
  console.log(`${name}: ${value}`);
  checked.push({ name, value });
}

export const atMost = (value: number, limit: number, unit: string): Target => ({
  text: `at most ${limit}${unit}`,
  met: value <= limit,
});
export const atLeast = (value: number, limit: number, unit: string): Target => ({
  text: `at least ${limit}${unit}`,
  met: value >= limit,
});

/** Prints a table with a header row, columns padded to their widest cell. */
export function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** The targets measured in this run, as a Markdown table (bench/README.md keeps the latest). */
export function printTargets() {
  if (!checked.some((row) => row.target)) return;
  heading("Targets");
  console.log("| figure | measured | target | |");
  console.log("| --- | --- | --- | --- |");
  for (const { name, value, target } of checked)
    console.log(
      `| ${name} | ${value} | ${target?.text ?? "(no target)"} | ${target ? (target.met ? "met" : "**not met**") : ""} |`,
    );
  const targets = checked.filter((row) => row.target).length;
  const missed = checked.filter((row) => row.target && !row.target.met).length;
  console.log(`\n${targets - missed} of ${targets} targets met`);
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Kilobytes of 1,000 bytes, as the targets count them (14.6 KB: ten TCP segments of 1,460 bytes). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Whether a page is measured: every page, or with `BENCH_PAGES` (comma-separated parts of page
 * names, e.g. `BENCH_PAGES=editor`) those whose name holds one of them. The trivial pages are
 * always measured beside them.
 */
export function chosenPage(name: string): boolean {
  const wanted = (process.env.BENCH_PAGES ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return wanted.length === 0 || wanted.some((part) => name.includes(part));
}
