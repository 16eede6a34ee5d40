/**
 * The secrets and private API keys the provider answers once, when it issues them
 * (`POST apps-auth/{id}/clients`), carried from the action to the page it redirects to
 * (post/redirect/get) in a cookie of their own: encrypted (JWE, A256GCM, with a key derived
 * from SESSION_SECRET, not the session's), HttpOnly, for two minutes, read once and cleared.
 */
import { hkdfSync } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { env } from "~/env.server";
import { consoleCookie } from "~/session.server";

export interface IssuedSecret {
  clientId: string;
  secret: string;
  privateApiKey: string;
}

interface Issued {
  appGroupId: string;
  clients: IssuedSecret[];
}

const MAX_AGE = 120;
const cookie = consoleCookie("console_issued", { maxAge: MAX_AGE });
let key: Uint8Array | undefined;
const keyOf = () =>
  (key ??= new Uint8Array(
    hkdfSync("sha256", env().SESSION_SECRET, "", "developer-console issued secrets", 32),
  ));

/** The Set-Cookie header that carries what was issued to the next page. */
export async function issuedSecretsHeader(issued: Issued): Promise<string> {
  const sealed = await new EncryptJWT({ data: issued })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${MAX_AGE}s`)
    .encrypt(keyOf());
  return cookie.serialize(sealed);
}

const isIssuedSecret = (value: unknown): value is IssuedSecret =>
  !!value &&
  typeof value === "object" &&
  ["clientId", "secret", "privateApiKey"].every(
    (name) => typeof (value as Record<string, unknown>)[name] === "string",
  );

/** What was issued for this app group, and the header that clears it; nothing for another group. */
export async function readIssuedSecrets(
  request: Request,
  appGroupId: string,
): Promise<{ clients: IssuedSecret[]; clear?: string }> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || value.length > 8192) return { clients: [] };
  try {
    const { payload } = await jwtDecrypt(value, keyOf(), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const data = payload.data as Partial<Issued> | undefined;
    const clear = await cookie.serialize("", { maxAge: 0 });
    if (!data || data.appGroupId !== appGroupId || !Array.isArray(data.clients))
      return { clients: [], clear };
    return { clients: data.clients.filter(isIssuedSecret), clear };
  } catch {
    return { clients: [], clear: await cookie.serialize("", { maxAge: 0 }) };
  }
}
