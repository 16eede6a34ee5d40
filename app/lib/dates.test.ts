import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes dd/MM/yyyy", () => {
    expect(formatDate("2024-03-05T12:00:00.000Z")).toBe("05/03/2024");
  });
  it("answers null for no date or a bad one", () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate("")).toBeNull();
    expect(formatDate("yesterday")).toBeNull();
  });
});
