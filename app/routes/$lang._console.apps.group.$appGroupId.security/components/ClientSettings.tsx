/**
 * The parts of the security page that are one client's: the callback URL form and the
 * permissions dialog. No server code here: the page's loader and action hand them what they show.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  formatCallbackUrls,
  grants,
  HTTP_METHODS,
  type PermissionGroup,
  parseCallbackUrls,
  sameUrls,
} from "~/api/security/rules";
import { Button } from "~/components/ui/Button";
import {
  DialogCloseLink,
  DialogFormButtons,
  useCloseDialog,
  useModalClose,
  useReturnFocus,
} from "~/components/ui/ConfirmDialog";
import { FieldFrame } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { checkForm, type FormRules } from "~/forms/check";
import {
  CALLBACKS_INTENT,
  checkCallbackUrls,
  GRANT_FIELD,
  grantValue,
  PERMISSIONS_INTENT,
} from "~/forms/security";
import { useHydrated } from "~/lib/hydrated";
import type { ClientView, Tab } from "~/lib/security/clients";
import { inputClass } from "~/lib/ui-classes";

/**
 * A client's callback URLs: Save is enabled once the list differs from the saved one (with JS).
 * `rules`: the browser's rules of the form, from the page's loader.
 */
export function CallbackForm({
  client,
  tab,
  rules,
  formResult,
}: {
  client: ClientView;
  tab: Tab;
  rules: FormRules;
  formResult?: { formId: string; result: unknown };
}) {
  const { t } = useTranslation("security");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formId = `callbacks-${tab}-${client.isAppLive ? "live-app" : "sandbox-app"}`;
  const saved = formatCallbackUrls(client.redirectUrls);
  const [value, setValue] = useState<string | null>(null);
  const [form, fields] = useForm({
    id: formId,
    lastResult:
      formResult?.formId === formId ? (formResult.result as SubmissionResult<string[]>) : undefined,
    defaultValue: { callbackUrls: saved },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) => ({
        callbackUrls: checkCallbackUrls(
          t,
          typeof payload.callbackUrls === "string" ? payload.callbackUrls : undefined,
        ).error,
      })),
  });
  const changed = value !== null && !sameUrls(parseCallbackUrls(value), client.redirectUrls);
  const error = fields.callbackUrls.errors?.[0];
  return (
    <Form
      method="post"
      replace
      preventScrollReset
      {...getFormProps(form)}
      className="mt-4 space-y-3 border-t border-gray-200 pt-4"
    >
      <input type="hidden" name="isLive" value={String(tab === "live")} />
      <input type="hidden" name="isAppLive" value={String(client.isAppLive)} />
      <FieldFrame
        id={fields.callbackUrls.id}
        label={t("callbacks.label")}
        hint={t("callbacks.hint")}
        error={error}
      >
        {(aria) => (
          <input
            {...aria}
            {...getInputProps(fields.callbackUrls, { type: "text", ariaAttributes: false })}
            key={fields.callbackUrls.key}
            onInput={(event) => setValue(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            className={inputClass(error)}
          />
        )}
      </FieldFrame>
      <Button
        type="submit"
        name="intent"
        value={CALLBACKS_INTENT}
        disabled={(hydrated && !changed && !error) || navigation.state === "submitting"}
      >
        {t("callbacks.save")}
      </Button>
    </Form>
  );
}

interface PermissionsData {
  clientId: string;
  groups: PermissionGroup[];
  offlineAccess: boolean;
}

/** A route path that breaks after its slashes first (on a phone the method columns leave it a third of the dialog). */
function RoutePath({ route }: { route: string }) {
  return (
    <>
      {route.split(/(?<=\/)/).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one path, which may repeat and never move
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The permissions of a client by permission group and route; the live-app's read-only. On a
 * phone the method columns are as narrow as their names, so each route keeps most of a line.
 */
export function PermissionsDialog({
  client,
  permissions,
  tab,
  closeHref,
}: {
  client: ClientView;
  permissions: PermissionsData;
  tab: Tab;
  closeHref: string;
}) {
  const { t } = useTranslation("security");
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  useReturnFocus(`permissions-${client.id}`);
  const readOnly = client.isAppLive;
  const variant = t(client.isAppLive ? "clients.liveApp" : "clients.sandboxApp");
  return (
    <Modal
      open
      title={t("permissions.dialogTitle", { client: variant })}
      onClose={onClose}
      className="w-[min(60rem,calc(100vw-2rem))] max-sm:p-4"
    >
      <div ref={ref}>
        {readOnly ? (
          <p className="mb-4 text-gray-800">{t("permissions.readOnly")}</p>
        ) : (
          <p className="mb-4 text-gray-800">{t("permissions.intro")}</p>
        )}
        <Form method="post" replace preventScrollReset className="space-y-6">
          <input type="hidden" name="isLive" value={String(tab === "live")} />
          {permissions.groups.map((group) => (
            <table key={group.name} className="w-full border-collapse text-sm">
              <caption className="mb-2 text-left text-base font-bold text-gray-900">
                {group.name}
              </caption>
              <thead>
                <tr className="border-b border-gray-300 text-left">
                  <th scope="col" className="py-2 pr-3">
                    {t("permissions.route")}
                  </th>
                  {HTTP_METHODS.map((method) => (
                    <th
                      key={method}
                      scope="col"
                      className="px-1 py-2 text-center max-sm:text-xs sm:w-16 sm:px-2"
                    >
                      {method}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {group.routes.map((row) => (
                  <tr key={row.route} className="border-b border-gray-200 align-top">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <code className="font-mono text-gray-900 wrap-anywhere">
                        <RoutePath route={row.route} />
                      </code>
                      <span className="block text-gray-700">
                        {HTTP_METHODS.flatMap((m) =>
                          row.methods[m] ? [row.methods[m].description] : [],
                        ).join(" ")}
                      </span>
                    </th>
                    {HTTP_METHODS.map((method) => (
                      <td key={method} className="px-1 py-2 text-center sm:px-2">
                        {row.methods[method] ? (
                          <input
                            type="checkbox"
                            name={GRANT_FIELD}
                            value={grantValue(method, row.route)}
                            defaultChecked={grants(client.routes, row.route, method)}
                            disabled={readOnly}
                            aria-label={`${method} ${row.route}`}
                            className="h-5 w-5"
                          />
                        ) : (
                          <span aria-label={t("permissions.notOffered", { method })} role="img">
                            –
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          {permissions.offlineAccess ? (
            <div className="flex items-start gap-3">
              <input
                id="offline-access"
                type="checkbox"
                // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox, whose checked state the browser exposes; aria-checked would go stale without JavaScript
                role="switch"
                name="offlineAccess"
                defaultChecked={client.offlineAccess}
                disabled={readOnly}
                aria-describedby="offline-access-hint"
                className="mt-1 h-5 w-5"
              />
              <div>
                <label htmlFor="offline-access" className="font-semibold text-gray-900">
                  {t("permissions.offlineAccess")}
                </label>
                <p id="offline-access-hint" className="text-sm text-gray-700">
                  {t("permissions.offlineHint")}
                </p>
              </div>
            </div>
          ) : null}
          {readOnly ? (
            <div className="flex justify-end">
              <DialogCloseLink href={closeHref} onClose={close}>
                {t("permissions.close")}
              </DialogCloseLink>
            </div>
          ) : (
            <>
              <input type="hidden" name="intent" value={PERMISSIONS_INTENT} />
              <DialogFormButtons
                closeHref={closeHref}
                onClose={close}
                cancel={t("permissions.cancel")}
                submit={t("permissions.save")}
              />
            </>
          )}
        </Form>
      </div>
    </Modal>
  );
}
