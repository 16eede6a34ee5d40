/** A table of prices (the schedule or the history): price, model, start, end and status. */
import { useTranslation } from "react-i18next";
import type { PriceRow } from "../load.server";

export function PriceTable({
  id,
  title,
  caption,
  rows,
}: {
  id: string;
  title: string;
  caption: string;
  rows: PriceRow[];
}) {
  const { t } = useTranslation("pricing");
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="overflow-x-auto">
        <table id={id} className="min-w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b-2 border-gray-400">
              {(["price", "model", "start", "end", "status"] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold text-gray-900">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-300">
                <td className="px-3 py-2 font-semibold text-gray-900">{row.price}</td>
                <td className="px-3 py-2 text-gray-900">{row.model}</td>
                <td className="px-3 py-2 text-gray-900">{row.start}</td>
                <td className="px-3 py-2 text-gray-900">{row.end}</td>
                <td className="px-3 py-2 text-gray-900">{row.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
