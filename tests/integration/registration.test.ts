import { describe, expect, it } from "vitest";
import { pdf, png } from "../../server/conformance/files";
import {
  admin,
  consoleUrl,
  expectErrorShape,
  latestMail,
  register,
  sandboxUrl,
  signIn,
  validRegistration,
  verifyByMail,
} from "./support";

describe("POST registration", () => {
  it("creates the company and its first user, always an admin, and mails a verification link", async () => {
    const body = validRegistration();
    const res = await register(body);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      email: body.email,
      userId: expect.any(String),
      companyId: expect.any(String),
    });

    const users = await (await admin(`users?companyId=${created.companyId}`)).json();
    expect(users).toEqual([
      expect.objectContaining({
        email: body.email,
        isAdmin: true,
        emailVerified: false,
        termsAccepted: false,
        hasAccessToTest: false,
      }),
    ]);
    const mail = await latestMail(body.email, "verify-email");
    expect(mail?.subject).toBe("Verify your email address");
    expect(mail?.link).toMatch(/\/verify-email\?token=[\w-]{40,}&lang=en-AU$/);
  });

  it("ignores an admin flag sent by the client (the first user is an admin anyway, later ones are not created here)", async () => {
    const body = { ...validRegistration(), admin: false, isAdmin: false };
    const res = await register(body);
    expect(res.status).toBe(201);
    const { companyId } = await res.json();
    const [user] = await (await admin(`users?companyId=${companyId}`)).json();
    expect(user.isAdmin).toBe(true);
  });

  it("writes the verification mail in the registrant's language", async () => {
    const body = validRegistration({ localeCode: "nl-NL" });
    expect((await register(body)).status).toBe(201);
    const mail = await latestMail(body.email, "verify-email");
    expect(mail?.subject).toBe("Bevestig uw e-mailadres");
    expect(mail?.link).toContain("lang=nl-NL");
  });

  it("refuses a duplicate email address, whatever its case, and stores nothing", async () => {
    const body = validRegistration();
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...validRegistration(), email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    const error = await expectErrorShape(again);
    expect(error.field).toBe("email");
    expect(error.detail).toMatch(/already exists/);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["title missing", { title: undefined }, "title"],
    ["title unknown", { title: "sir" }, "title"],
    ["first name blank", { firstName: "   " }, "firstName"],
    ["last name missing", { lastName: undefined }, "lastName"],
    ["email missing", { email: "" }, "email"],
    ["email invalid", { email: "not-an-email" }, "email"],
    ["password missing", { password: "" }, "password"],
    ["password too short", { password: "Ab1" }, "password"],
    ["password without uppercase", { password: "lowercase-only-1" }, "password"],
    ["password without lowercase", { password: "UPPERCASE-ONLY-1" }, "password"],
    ["password without digit", { password: "No-Digits-Here" }, "password"],
    ["company name missing", { companyName: "" }, "companyName"],
    ["country missing", { countryId: "" }, "countryId"],
    ["country unknown", { countryId: "ZZ" }, "countryId"],
    ["country IE (not in pick lists)", { countryId: "IE" }, "countryId"],
    ["phone missing", { phoneNumber: "" }, "phoneNumber"],
    ["address line 1 missing", { addressLine1: "" }, "addressLine1"],
    ["city missing", { cityTown: "" }, "cityTown"],
    ["postcode missing", { zipPostCode: "" }, "zipPostCode"],
    ["state missing", { stateCounty: "" }, "stateCounty"],
    ["about missing", { profile: "" }, "profile"],
    ["about too short", { profile: "x".repeat(199) }, "profile"],
    ["about too long", { profile: "x".repeat(10_001) }, "profile"],
    [
      "about short once tags are removed",
      { profile: `<p>${"x".repeat(150)}</p>${"<br>".repeat(20)}` },
      "profile",
    ],
    ["social presence too long", { socialPresence: "x".repeat(1001) }, "socialPresence"],
    ["website not http(s)", { website: "javascript:alert(1)" }, "website"],
    ["website without protocol", { website: "example.com" }, "website"],
    ["terms not accepted", { termsAndConditionsAgreed: false }, "termsAndConditionsAgreed"],
    ["entity type unknown", { entityType: 7 }, "entityType"],
  ];

  it.each(invalid)(
    "refuses %s with a 400 naming the field and stores nothing",
    async (_name, change, field) => {
      const body: Record<string, unknown> = { ...validRegistration(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
      const res = await register(body);
      expect(res.status).toBe(400);
      const error = await expectErrorShape(res);
      expect(error.field).toBe(field);
      expect(error.detail).toContain(field);
      const mail =
        typeof body.email === "string" && body.email.includes("@")
          ? await latestMail(body.email, "verify-email")
          : undefined;
      expect(mail).toBeUndefined();
    },
  );

  it("accepts exactly 200 and exactly 10,000 characters of about text", async () => {
    expect((await register(validRegistration({ profile: "a".repeat(200) }))).status).toBe(201);
    expect((await register(validRegistration({ profile: "a".repeat(10_000) }))).status).toBe(201);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await fetch(`${sandboxUrl()}/api/registration`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await expectErrorShape(res)).field).toBe("body");
  });

  it("offers an entity type only where the lower-level entity feature is on", async () => {
    const flags = (await (await fetch(`${sandboxUrl()}/api/ping/more`)).json()) as {
      countries: Record<string, Record<string, boolean>>;
    };
    const entries = Object.entries(flags.countries);
    const on = entries.find(([code, f]) => f["lower-level-entity-enabled"] && code !== "IE");
    const off = entries.find(
      ([code, f]) => !f["lower-level-entity-enabled"] && !["IE", "AUB"].includes(code),
    );
    expect(on && off).toBeTruthy();
    expect((await register(validRegistration({ countryId: on![0], entityType: 1 }))).status).toBe(
      201,
    );
    const refused = await register(validRegistration({ countryId: off![0], entityType: 1 }));
    expect(refused.status).toBe(400);
    expect((await expectErrorShape(refused)).field).toBe("entityType");
  });
});

describe("company icon at registration", () => {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

  it("keeps a square PNG of at least 256x256 as the default entity's icon", async () => {
    const res = await register(
      validRegistration({
        companyIcon: { fileName: "logo.png", contentBase64: base64(png(300, 300)) },
      }),
    );
    expect(res.status).toBe(201);
    const { companyId } = await res.json();
    const company = await (await admin(`companies/${companyId}`)).json();
    const iconFileId = company.entityInformation[0].iconFileId;
    expect(iconFileId).toEqual(expect.any(String));
    const image = await fetch(`${sandboxUrl()}/api/images/${iconFileId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it.each([
    ["not square", () => png(300, 256), "Image size invalid"],
    ["smaller than 256x256", () => png(128, 128), "Image size invalid"],
    ["not a PNG by content", () => pdf(), "Image type invalid"],
    [
      "over 400 KB",
      () => png(256, 256, { minBytes: 400 * 1024 + 1 }),
      "File size greater than 400KB",
    ],
  ])("refuses an icon %s and stores nothing", async (_name, make, message) => {
    const body = validRegistration({
      companyIcon: { fileName: "logo.png", contentBase64: base64(make()) },
    });
    const res = await register(body);
    expect(res.status).toBe(400);
    const error = await expectErrorShape(res);
    expect(error.field).toBe("companyIcon");
    expect(error.detail).toContain(message);
    expect(await latestMail(body.email as string, "verify-email")).toBeUndefined();
  });
});

describe("email verification", () => {
  it("verifies the address once and sends the user to the console's sign-in page with a message", async () => {
    const body = validRegistration();
    await register(body);
    const res = await verifyByMail(body.email);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${consoleUrl()}/en-AU/auth/signin`);
    expect(location.searchParams.get("message")).toBe("email_verified");
    expect(location.searchParams.get("email")).toBe(body.email);

    const [user] = await (await admin(`users`))
      .json()
      .then((all: { email: string }[]) => all.filter((u) => u.email === body.email));
    expect(user).toMatchObject({ emailVerified: true });

    const again = await verifyByMail(body.email);
    expect(new URL(again.headers.get("location")!).searchParams.get("message")).toBe(
      "verification_invalid",
    );
  });

  it("lands a Dutch registrant on the Dutch sign-in page", async () => {
    const body = validRegistration({ localeCode: "nl-NL" });
    await register(body);
    const res = await verifyByMail(body.email);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/nl-NL/auth/signin");
  });

  it("refuses a forged token", async () => {
    const res = await fetch(`${sandboxUrl()}/verify-email?token=${"x".repeat(43)}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("message")).toBe(
      "verification_invalid",
    );
  });

  it("an unverified user cannot sign in until verified", async () => {
    const body = validRegistration();
    await register(body);
    await expect(signIn(body.email, body.password)).rejects.toThrow(/email_not_verified/);
    await verifyByMail(body.email);
    await expect(signIn(body.email, body.password)).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  });
});
