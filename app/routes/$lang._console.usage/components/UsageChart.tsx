/**
 * The usage summary's chart: the apps with the most usage, each with a bar in proportion to
 * its total. It is a table (app, total) whose bars are SVG drawn by the server, so screen
 * readers read it as a table and the bars are decoration.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ColumnHeads } from "./UsageTable";

const WIDTH = 240;
const HEIGHT = 16;

export function UsageChart({
  bars,
}: {
  bars: { appId: string; appName: string; total: number }[];
}) {
  const { t } = useTranslation("usage");
  const id = useId();
  const most = Math.max(1, ...bars.map((bar) => bar.total));
  return (
    <section aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-bold text-gray-900">
        {t("chart.title")}
      </h2>
      <table className="text-left text-sm">
        <caption className="sr-only">{t("chart.caption")}</caption>
        <ColumnHeads columns={[t("columns.app"), t("columns.total")]} />
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.appId} className="border-b border-gray-200">
              <th scope="row" className="max-w-64 truncate py-1 pr-6 font-normal text-gray-900">
                {bar.appName}
              </th>
              <td className="py-1 pr-3">
                <span className="flex items-center gap-2">
                  <svg
                    width={WIDTH}
                    height={HEIGHT}
                    viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                    aria-hidden="true"
                    focusable="false"
                    className="max-w-[40vw] shrink"
                  >
                    <rect
                      x="0"
                      y="0"
                      width={WIDTH}
                      height={HEIGHT}
                      rx="3"
                      className="fill-gray-100"
                    />
                    <rect
                      x="0"
                      y="0"
                      width={Math.max(2, Math.round((bar.total / most) * WIDTH))}
                      height={HEIGHT}
                      rx="3"
                      className="fill-brand-600"
                    />
                  </svg>
                  <span className="tabular-nums text-gray-900">{bar.total}</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
