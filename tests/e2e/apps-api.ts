/**
 * Apps through the provider API, for e2e tests that need an app in a known state before the
 * page opens (set-up and checks of what was stored; the pages under test are the console's).
 */
import { randomUUID } from "node:crypto";
import { type Company, provider } from "./fixtures";

/** A company user's access token at the provider. */
export async function tokenOf(company: Pick<Company, "email" | "password">) {
  return (await provider.signIn(company.email, company.password)).access_token;
}

export interface Details {
  name: string;
  description: string;
  categoryId: number;
  appType: 0 | 1;
  countryCode: string;
}

export const DETAILS: Details = {
  name: "Ledger Link",
  description: "Links the ledger to the practice.",
  categoryId: 1,
  appType: 0,
  countryCode: "AU",
};

/** `POST apps`: a new app (version 1.000, Sandbox); answers its version id. */
export async function createApp(token: string, details: Partial<Details> = {}): Promise<string> {
  const id = randomUUID();
  const res = await provider.apiFetch(
    "apps",
    { method: "POST", body: JSON.stringify({ id, details: { ...DETAILS, ...details } }) },
    token,
  );
  if (res.status !== 201) throw new Error(`POST apps: ${res.status} ${await res.text()}`);
  return id;
}

export interface StoredVersion {
  id: string;
  groupId: string;
  modifiedDateTime: string;
  details: Details;
  marketplace: {
    detail: Record<string, string>;
    legal: Record<string, string>;
    promo: {
      appIcon: { id: string; url: string } | null;
      banners: { id: string }[];
      screenshots: { id: string }[];
      youtubeUrl: string;
    };
    visibility: boolean;
  };
}

/** `GET apps/{id}`: the version as stored. */
export async function getVersion(token: string, id: string): Promise<StoredVersion> {
  const res = await provider.apiFetch(`apps/${id}`, {}, token);
  if (!res.ok) throw new Error(`GET apps/${id}: ${res.status}`);
  return (await res.json()) as StoredVersion;
}

/**
 * `POST app-schema`: `document` (`{ platforms: [...] }`) saved as edited on version `id`;
 * answers the id of the new version that holds it.
 */
export async function saveSchema(
  token: string,
  id: string,
  document: { platforms: unknown[] },
): Promise<string> {
  const res = await provider.apiFetch(
    "app-schema",
    { method: "POST", body: JSON.stringify({ appIdOld: id, json: document }) },
    token,
  );
  if (res.status !== 201) throw new Error(`POST app-schema: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { appId: string }).appId;
}
