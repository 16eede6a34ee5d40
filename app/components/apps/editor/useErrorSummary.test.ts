import { describe, expect, it } from "vitest";
import { namedEntry } from "./useErrorSummary";

const entry = ({ field, message }: { field: string; message: string }) => `${field}: ${message}`;

describe("an error summary entry", () => {
  it("puts the field's label in front of a message that does not name it", () => {
    expect(namedEntry("This URL is invalid: enter a full address", "Website URL", entry)).toBe(
      "Website URL: This URL is invalid: enter a full address",
    );
    expect(namedEntry("Image size invalid", "App icon", entry)).toBe(
      "App icon: Image size invalid",
    );
  });

  it("leaves a message that names its field as it is, whatever the case", () => {
    expect(namedEntry("App name is required", "App name", entry)).toBe("App name is required");
    expect(namedEntry("De website-URL is verplicht", "Website-URL", entry)).toBe(
      "De website-URL is verplicht",
    );
  });
});
