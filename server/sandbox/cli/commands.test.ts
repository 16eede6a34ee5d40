import { afterEach, describe, expect, it, vi } from "vitest";
import type { Reviewer } from "../admin/service";
import { COMMANDS } from "./commands";

afterEach(() => vi.restoreAllMocks());

describe("the users command", () => {
  it("refuses a company id that is not one, without asking the database", async () => {
    const listUsers = vi.fn();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await COMMANDS.users({ listUsers } as unknown as Reviewer, ["acme"])).toBe(1);
    expect(listUsers).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("acme is not a company id.");
  });

  it("lists a company's users", async () => {
    const companyId = "4f0c6f0e-0d7a-4c5e-9a43-7d2b8c1e5f10";
    const listUsers = vi.fn().mockResolvedValue([{ email: "a@example.com" }]);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await COMMANDS.users({ listUsers } as unknown as Reviewer, [companyId])).toBe(0);
    expect(listUsers).toHaveBeenCalledWith(companyId);
    expect(String(log.mock.calls[0][0])).toContain("a@example.com");
  });
});
