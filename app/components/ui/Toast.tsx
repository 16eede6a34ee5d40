/**
 * Success messages (role="status"), rendered by the server in the flow of the page so that
 * they cover no control at any width: at the top of the page's content where a layout puts
 * <ToastSlot /> (a route whose `handle` has `toastSlot: true`; the signed-in layout does),
 * else at the top of the page (root.tsx). After 3 s they fade and fold away, with or without
 * JavaScript (the `toast-leave` animation of tailwind.css); with JavaScript the message is
 * then removed.
 */
import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";

/** The length of the `toast-leave` animation: shown for 3 s, then 0.3 s to fade and fold. */
export const TOAST_MS = 3300;

/** Where the toast is: at the top of a layout's content, or of the whole page. */
const PLACEMENT = { content: "mb-6", page: "mx-4 mt-4 sm:mx-6" };

export function Toast({
  message,
  id,
  placement = "content",
}: {
  message: string;
  id: string;
  placement?: keyof typeof PLACEMENT;
}) {
  const [visible, setVisible] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new toast (id) shows for its 3 s
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return (
    <div role="status" aria-live="polite">
      {visible ? (
        <div className="toast-leave">
          <div
            className={`${PLACEMENT[placement]} flex w-fit max-w-full items-start gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900 shadow-sm`}
          >
            <p className="min-w-0 text-sm font-semibold wrap-anywhere">{message}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The toast of the page, if the action before it left one. */
export function ToastSlot({ placement }: { placement?: keyof typeof PLACEMENT }) {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  const toast = data?.toast;
  return toast ? (
    <Toast
      id={toast.id}
      message={t(`toast.${toast.key}`, toast.values ?? {})}
      placement={placement}
    />
  ) : null;
}

/** True when a route of the page puts the toast in its own place (`handle.toastSlot`). */
export function useToastSlotted() {
  return useMatches().some(
    (match) => (match.handle as { toastSlot?: boolean } | undefined)?.toastSlot === true,
  );
}
