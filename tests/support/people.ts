/**
 * People of the load and scale-out suites: each a company of its own, registered through the
 * sandbox API as the e2e fixtures do (address verified, terms accepted), with one app.
 */
import { createAppThroughApi, type ProviderClient, validRegistration } from "./provider";

export interface PersonWithApp {
  email: string;
  password: string;
  userId: string;
  /** The person's access token at the provider, for reading back through the API. */
  accessToken: string;
  versionId: string;
  groupId: string;
}

export async function personWithApp(
  provider: ProviderClient,
  appName: string,
): Promise<PersonWithApp> {
  const body = validRegistration();
  const created = await provider.registerOk(body);
  await provider.verifyUser(created.userId);
  const tokens = await provider.signIn(body.email, body.password);
  await provider.acceptTerms(tokens.access_token);
  const app = await createAppThroughApi(provider, tokens.access_token, { name: appName });
  return {
    email: body.email,
    password: body.password,
    userId: created.userId,
    accessToken: tokens.access_token,
    versionId: app.id,
    groupId: app.groupAppId,
  };
}

/** Runs `work` for each item, at most `width` at a time; answers the results in order. */
export async function inPool<T, R>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}
