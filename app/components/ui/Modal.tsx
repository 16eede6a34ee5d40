/**
 * A dialog that the server renders open (a native <dialog open>, closable without JavaScript
 * through a method="dialog" form) and that JavaScript turns into a true modal: showModal()
 * gives the backdrop, the focus trap and Escape.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called when the dialog closes (Escape, a method="dialog" button). */
  onClose?: () => void;
  /** A blocking dialog cannot be dismissed with Escape. */
  blocking?: boolean;
  /** role="alertdialog" for confirmations and errors. */
  alert?: boolean;
  className?: string;
  describedBy?: string;
}

export function Modal({
  open,
  title,
  children,
  onClose,
  blocking = false,
  alert = false,
  className = "",
  describedBy,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  /** The close() that precedes showModal() is ours, not the user's: onClose must not run. */
  const internalClose = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      if (dialog.open) {
        internalClose.current = true;
        dialog.close();
      }
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let focused: Element | null = null;
    const onCancel = (event: Event) => {
      focused = document.activeElement;
      if (blocking) event.preventDefault();
    };
    const handleClose = () => {
      if (internalClose.current) {
        internalClose.current = false;
        return;
      }
      // Browsers let a repeated Escape through even when `cancel` is prevented: a blocking
      // dialog opens again.
      if (blocking) {
        dialog.showModal();
        if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
        return;
      }
      onClose?.();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", handleClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", handleClose);
    };
  }, [blocking, onClose]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open
      role={alert ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-gray-300 bg-white p-6 text-gray-900 shadow-2xl ${className}`}
    >
      <h2 id={titleId} className="mb-4 text-xl font-bold wrap-anywhere">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
