/** Data and keys survive a restart of the sandbox on the same data folder. */
import { afterAll, describe, expect, it } from "vitest";
import { loadLocalSecrets } from "../../server/config";
import { type OwnSandbox, ownSandbox } from "./own-sandbox";
import { newCompany, signIn } from "./support";

let own: OwnSandbox | undefined;
afterAll(() => own?.dispose());

describe("restart", () => {
  it("keeps companies, users, signing keys and refresh tokens", async () => {
    own = await ownSandbox("restart");
    await own.start();
    const company = await newCompany();
    await own.stop();

    // Same folder, same secrets file: the console's client secret is the same too.
    expect(loadLocalSecrets(own.dataDir).consoleClientSecret).toBe(own.config.consoleClientSecret);
    await own.start();
    expect((await company.api("user")).status).toBe(200);
    await expect(signIn(company.email, company.password)).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  }, 60_000);
});
