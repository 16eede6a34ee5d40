/** Success messages, top right, role="status"; rendered by the server, hidden after 3 s with JS. */
import { useEffect, useState } from "react";

export const TOAST_MS = 3000;

export function Toast({ message, id }: { message: string; id: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-[60] flex max-w-sm flex-col gap-2">
      <div role="status" aria-live="polite">
        {visible ? (
          <div className="toast-leave pointer-events-auto flex items-start gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900 shadow-lg">
            <p className="text-sm font-semibold">{message}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
