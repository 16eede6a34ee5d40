/** The reviewer's view of an entity's history (`GET /admin/changes?entityId=`). */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { admin, newCompany, sandboxUrl } from "./support";

describe("GET /admin/changes", () => {
  it("lists what happened to a version, oldest first, and nothing for an unknown id", async () => {
    const company = await newCompany();
    const id = randomUUID();
    const details = {
      name: "History app",
      description: "Has a history.",
      countryCode: "AU",
      categoryId: 1,
      appType: 0,
    };
    expect(
      (await company.api("apps", { method: "POST", body: JSON.stringify({ id, details }) })).status,
    ).toBe(201);
    expect(
      (
        await company.api(`apps/${id}`, {
          method: "PUT",
          body: JSON.stringify({ details: { ...details, name: "Renamed" } }),
        })
      ).status,
    ).toBe(200);

    const res = await admin(`changes?entityId=${id}`);
    expect(res.status).toBe(200);
    const changes = (await res.json()) as { entityType: string; action: string; actor: string }[];
    expect(changes.map((c) => [c.entityType, c.action, c.actor])).toEqual([
      ["app-version", "created", company.userId],
      ["app-version", "updated", company.userId],
    ]);
    expect(await (await admin(`changes?entityId=${randomUUID()}`)).json()).toEqual([]);
  });

  it("answers 400 without an id and 401 without the reviewer token", async () => {
    expect((await admin("changes")).status).toBe(400);
    expect((await fetch(`${sandboxUrl()}/admin/changes?entityId=x`)).status).toBe(401);
  });
});
