/**
 * An account's configuration: one row per app group of its
 * region with the include switch, app name, version, status (0 or 200) and service
 * environment (Dev, Test, Beta, Live); 'include apps by other vendors' and 'apply to all
 * firm users'. Switching an app off sets it back to 200 and Live (and the sandbox saves it
 * so). Rendered from the account as the page loaded it, each time the dialog opens.
 */
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  APP_ENDPOINTS,
  APP_STATUS_CODES,
  DISABLED_APP_ENDPOINT,
  DISABLED_APP_STATUS,
} from "~/api/instances/rules";
import type { ConfigurationItem } from "~/api/instances/schemas";
import {
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { Modal } from "~/components/ui/Modal";
import { configureLinkId } from "./opener-ids";

interface Props {
  instance: {
    id: string;
    username: string;
    configuration: ConfigurationItem[];
    includeOtherProviders: boolean;
    applyToAllUsers: boolean;
  };
  closeHref: string;
}

const selectClass = "rounded-md border border-gray-500 bg-white px-2 py-1 text-sm text-gray-900";

export function ConfigurationDialog({ instance, closeHref }: Props) {
  const { t } = useTranslation("instances");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(configureLinkId(instance.id));
  const [rows, setRows] = useState(instance.configuration);
  const update = (index: number, change: Partial<ConfigurationItem>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const toggle = (index: number, on: boolean) =>
    update(
      index,
      on
        ? { isEnabled: true }
        : {
            isEnabled: false,
            appStatusCode: DISABLED_APP_STATUS,
            appEndpoint: DISABLED_APP_ENDPOINT,
          },
    );
  return (
    <Modal
      open
      title={t("configure.title", { username: instance.username })}
      onClose={onClose}
      className="w-[min(56rem,calc(100vw-2rem))]"
    >
      <div ref={ref}>
        <Form method="post" replace preventScrollReset className="space-y-5">
          <input type="hidden" name="dialog" value="configure" />
          <input type="hidden" name="id" value={instance.id} />
          {rows.length === 0 ? (
            <p
              role="status"
              className="rounded-md border border-gray-300 bg-gray-50 p-3 text-gray-900"
            >
              {t("configure.noApps")}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full border-collapse text-left text-sm">
                <caption className="sr-only">{t("configure.caption")}</caption>
                <thead>
                  <tr className="border-b-2 border-gray-400">
                    {(["include", "app", "version", "status", "endpoint"] as const).map(
                      (column) => (
                        <th
                          key={column}
                          scope="col"
                          className="px-2 py-2 font-semibold text-gray-900"
                        >
                          {t(`configure.columns.${column}`)}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => {
                    const at = `configurations[${index}]`;
                    const label = (what: string) =>
                      t(`configure.rowLabel.${what}`, { app: row.appName });
                    return (
                      <tr key={row.appGroupId} className="border-b border-gray-300">
                        <td className="px-2 py-2">
                          <input type="hidden" name={`${at}.appGroupId`} value={row.appGroupId} />
                          <input
                            type="checkbox"
                            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox, whose checked state the browser exposes; aria-checked would go stale without JavaScript
                            role="switch"
                            name={`${at}.isEnabled`}
                            checked={row.isEnabled}
                            onChange={(event) => toggle(index, event.target.checked)}
                            aria-label={label("include")}
                            className="h-5 w-5"
                          />
                        </td>
                        <th
                          scope="row"
                          className="px-2 py-2 font-semibold text-gray-900 wrap-anywhere"
                        >
                          {row.appName}
                        </th>
                        <td className="px-2 py-2 text-gray-900">{row.appVersion}</td>
                        <td className="px-2 py-2">
                          <select
                            name={`${at}.appStatusCode`}
                            value={String(row.appStatusCode)}
                            onChange={(event) =>
                              update(index, { appStatusCode: Number(event.target.value) })
                            }
                            aria-label={label("status")}
                            className={selectClass}
                          >
                            {APP_STATUS_CODES.map((code) => (
                              <option key={code} value={String(code)}>
                                {code}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="px-2 py-2">
                          <select
                            name={`${at}.appEndpoint`}
                            value={row.appEndpoint}
                            onChange={(event) => update(index, { appEndpoint: event.target.value })}
                            aria-label={label("endpoint")}
                            className={selectClass}
                          >
                            {APP_ENDPOINTS.map((endpoint) => (
                              <option key={endpoint} value={endpoint}>
                                {t(`configure.endpoints.${endpoint}`)}
                              </option>
                            ))}
                          </select>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <div className="space-y-2">
            {(["includeOtherProviders", "applyToAllUsers"] as const).map((name) => (
              <label key={name} className="flex min-h-11 items-center gap-2 text-gray-900">
                <input
                  type="checkbox"
                  name={name}
                  defaultChecked={instance[name]}
                  className="h-5 w-5"
                />
                {t(`configure.${name}`)}
              </label>
            ))}
          </div>
          <DialogFormButtons
            closeHref={closeHref}
            onClose={close}
            cancel={t("actions.cancel")}
            submit={t("configure.submit")}
          />
        </Form>
      </div>
    </Modal>
  );
}
