/**
 * GET /ping: `ok`, answered by the console's request handler with nothing else (no layout,
 * no session, no provider call). /healthz answers before the handler; this one says that the
 * handler itself serves, and is the baseline that bench/ sets each page's cost beside.
 */
export const loader = () =>
  new Response("ok", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
