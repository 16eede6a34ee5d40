/**
 * A URL or path as a log line may name it: without what grants access to whoever reads the
 * log. The values of query parameters that carry a token, a code or a secret, and the token of
 * a password reset link's path, become `[redacted]`; everything else is kept as it was sent.
 * Used by every request log line of the console and the sandbox.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose value grants something (mailed links, OAuth codes and tokens, secrets). */
const SECRET_PARAMETERS = new Set([
  "token",
  "code",
  "state",
  "code_verifier",
  "access_token",
  "refresh_token",
  "id_token",
  "id_token_hint",
  "client_secret",
  "password",
  "secret",
  "key",
]);

/** Path segments that are a token: the one after `/password/reset/`. */
const SECRET_SEGMENT = /(\/password\/reset\/)[^/?#]+/gi;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = at === -1 ? pair : pair.slice(0, at);
      return SECRET_PARAMETERS.has(decoded(name).trim().toLowerCase())
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join("&");
}

/** `url` (absolute, or a path with its query) with every token in it replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const path = (question === -1 ? beforeHash : beforeHash.slice(0, question)).replace(
    SECRET_SEGMENT,
    `$1${REDACTED}`,
  );
  const query = question === -1 ? "" : `?${redactQuery(beforeHash.slice(question + 1))}`;
  // A fragment never reaches a server; whatever a client says is in it is not kept.
  return `${path}${query}`;
}
