import { describe, expect, it } from "vitest";
import { countryNamer } from "./countries.server";

const own = (code: string) => (code === "AUB" ? "Australië (bèta)" : undefined);

describe("countryNamer", () => {
  it("names ISO regions in the page's language, UK as GB", () => {
    const nl = countryNamer("nl-NL", own);
    expect(nl({ code: "AU", name: "Australia" })).toBe("Australië");
    expect(nl({ code: "UK", name: "United Kingdom" })).toBe("Verenigd Koninkrijk");
    expect(nl({ code: "NZ", name: "New Zealand" })).toBe("Nieuw-Zeeland");
    expect(countryNamer("en-AU", own)({ code: "US", name: "United States" })).toBe("United States");
  });

  it("takes the console's own name first, and keeps the provider's for a code it does not know", () => {
    const nl = countryNamer("nl-NL", own);
    expect(nl({ code: "AUB", name: "Australia (Beta)" })).toBe("Australië (bèta)");
    expect(nl({ code: "XK2", name: "Somewhere" })).toBe("Somewhere");
    expect(nl({ code: "XQ", name: "Elsewhere" })).toBe("Elsewhere");
  });
});
