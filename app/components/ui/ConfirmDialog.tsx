/**
 * A confirmation (buttons Yes and No), addressed by the URL of the page it
 * opens on (e.g. `?confirm=delete&app=…`): the server renders it open, so it works without
 * JavaScript. Yes posts the form (hidden fields in `children`) to the page's action; No is a
 * link to `closeHref`, the same page without the dialog.
 *
 * With JavaScript the dialog is modal (showModal: focus moves into it, the page behind is
 * inert); No and Escape close it without a page load (back in history when the dialog was
 * opened from a link with `DIALOG_LINK_STATE`, else replacing the entry), and focus returns
 * to `returnFocusTo` (the id of the menu button that opened it).
 *
 *   <ConfirmDialog title={…} body={…} closeHref={close} returnFocusTo={menuButtonId}>
 *     <input type="hidden" name="intent" value="delete" />
 *     <input type="hidden" name="appGroupId" value={id} />
 *   </ConfirmDialog>
 *
 * Its buttons' texts are `common:confirm.yes` and `common:confirm.no`.
 */
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { type ReactNode, useCallback, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePageAction } from "~/lib/page-action";
import { buttonClass } from "~/lib/ui-classes";
import { Button } from "./Button";
import { Modal } from "./Modal";

/**
 * Closes a URL-addressed dialog without a page load: back in history when a dialog link
 * opened it, else to `closeHref` in place of the current entry.
 */
export function useCloseDialog(closeHref: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const openedByLink = (location.state as { dialog?: unknown } | null)?.dialog === true;
  return useCallback(() => {
    if (openedByLink) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [navigate, closeHref, openedByLink]);
}

/**
 * The `onClose` to give <Modal> for a URL-addressed dialog, and a ref for an element inside
 * it. Modal reports every `close` event, including the one its own switch from the
 * server-rendered open dialog to showModal() fires (asynchronously, when the dialog is open
 * again): that one is ignored, so that only Escape closes the dialog.
 */
export function useModalClose(close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const onClose = useCallback(() => {
    if (ref.current?.closest("dialog")?.open) return;
    close();
  }, [close]);
  return { ref, onClose };
}

/** Gives focus back to the element with this id when the dialog goes away (JS only). */
export function useReturnFocus(id: string | undefined) {
  useEffect(
    () => () => {
      if (!id) return;
      // After the dialog left the page, the page behind it is no longer inert.
      requestAnimationFrame(() => document.getElementById(id)?.focus());
    },
    [id],
  );
}

interface ConfirmDialogProps {
  title: ReactNode;
  body?: ReactNode;
  /** The page without the dialog: No leads there. */
  closeHref: string;
  /** The id of the element that opened the dialog (focus returns there with JS). */
  returnFocusTo?: string;
  /** The Yes button in the danger colour (deleting). */
  danger?: boolean;
  /** Where the Yes form posts; the current URL (the page's action, without Remix's `?index`: usePageAction) by default. */
  action?: string;
  /** Hidden fields of the Yes form (intent and ids). */
  children?: ReactNode;
}

/**
 * The button-like link that closes a URL-addressed dialog: a link to the page without the
 * dialog (no JS), `onClose` without a page load (JS, from `useCloseDialog`).
 */
export function DialogCloseLink({
  href,
  onClose,
  children,
}: {
  href: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Link
      to={href}
      replace
      preventScrollReset
      className={buttonClass("secondary")}
      onClick={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </Link>
  );
}

/** The buttons of a dialog's form: Cancel (closes it, as DialogCloseLink) and the submit button, disabled while it posts. */
export function DialogFormButtons({
  closeHref,
  onClose,
  cancel,
  submit,
}: {
  closeHref: string;
  onClose: () => void;
  cancel: ReactNode;
  submit: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogCloseLink href={closeHref} onClose={onClose}>
        {cancel}
      </DialogCloseLink>
      <Button type="submit" disabled={navigation.state === "submitting"}>
        {submit}
      </Button>
    </div>
  );
}

export function ConfirmDialog({
  title,
  body,
  closeHref,
  returnFocusTo,
  danger = false,
  action,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const close = useCloseDialog(closeHref);
  const { ref, onClose } = useModalClose(close);
  const bodyId = useId();
  useReturnFocus(returnFocusTo);
  const busy = navigation.state === "submitting";
  const pageAction = usePageAction();
  return (
    <Modal open alert title={title} onClose={onClose} describedBy={body ? bodyId : undefined}>
      <div ref={ref} id={bodyId} className="text-gray-800">
        {body}
      </div>
      <Form
        method="post"
        action={action ?? pageAction}
        replace
        preventScrollReset
        className="mt-6 flex flex-wrap justify-end gap-3"
      >
        {children}
        {/* No comes first: showModal focuses it, the harmless choice. */}
        <DialogCloseLink href={closeHref} onClose={close}>
          {t("confirm.no")}
        </DialogCloseLink>
        <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
          {t("confirm.yes")}
        </Button>
      </Form>
    </Modal>
  );
}
