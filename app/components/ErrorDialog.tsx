/**
 * The error dialog: the provider's detail, else the action's fallback,
 * else 'An error occurred', with the trace ID. Closable without JavaScript (method="dialog").
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, type ShownError } from "~/lib/errors";
import { Button } from "./ui/Button";
import { Modal } from "./ui/Modal";

export { errorText, type ShownError };

export function ErrorDialog({ error, id }: { error: ShownError | null | undefined; id?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(Boolean(error));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new id opens the dialog again, even for the same error
  useEffect(() => setOpen(Boolean(error)), [error, id]);
  if (!error) return null;
  const { message, trace } = errorText(t, error);
  return (
    <Modal
      open={open}
      alert
      title={t("errors.dialogTitle")}
      onClose={() => setOpen(false)}
      describedBy="error-dialog-message"
    >
      <div id="error-dialog-message">
        <p>{message}</p>
        {trace ? <p className="mt-2 text-sm text-gray-700">{trace}</p> : null}
      </div>
      <form method="dialog" className="mt-6 flex justify-end">
        <Button type="submit" autoFocus>
          {t("errors.close")}
        </Button>
      </form>
    </Modal>
  );
}
