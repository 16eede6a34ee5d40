/** One term and its value of a description list (`<dl>`): side by side on wide screens, stacked on narrow ones. */
import type { ReactNode } from "react";

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="font-semibold text-gray-900 sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="whitespace-pre-line text-gray-800 wrap-anywhere">{children}</dd>
    </div>
  );
}
