/** Posts uncaught browser errors to the console's log collector (/{lang}/log). */
let sent = 0;
const MAX_REPORTS = 10;

export function send(lng: string, report: Record<string, unknown>) {
  if (sent >= MAX_REPORTS) return;
  sent += 1;
  const body = JSON.stringify({
    ...report,
    url: location.pathname,
    userAgent: navigator.userAgent,
  });
  const endpoint = `/${lng}/log`;
  if (!navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }))) {
    void fetch(endpoint, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
    }).catch(() => {});
  }
}

export function reportBrowserErrors(lng: string) {
  window.addEventListener("error", (event) => {
    send(lng, {
      kind: "error",
      message: String(event.message).slice(0, 1000),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
    send(lng, { kind: "unhandledrejection", message: reason.slice(0, 1000) });
  });
}
