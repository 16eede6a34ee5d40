/**
 * The company tab's use of the company details (docs/decisions/0064-company-tab.md): the
 * icon uploaded once under the company's id names every regional entry, and another
 * company's uploaded icon is refused.
 */
import { describe, expect, it } from "vitest";
import { companyDetails, type EntityInfo } from "~/api/settings/schemas";
import { fileForm, png } from "../../server/conformance/files";
import { expectRefused, json, ok } from "./review-support";
import { newCompany, type TestCompany } from "./support";

const getDetails = async (company: TestCompany) =>
  companyDetails.parse(await ok(await company.api("settings/company-details")));
const putDetails = (company: TestCompany, entries: unknown[]) =>
  company.api("settings/company-details", json("PUT", { entityInformation: entries }));
const request = ({ id: _id, ...entry }: EntityInfo) => entry;
const uploadIcon = async (company: TestCompany) =>
  ok<{ id: string; url: string }>(
    await company.api(`images/entities/${company.companyId}?purpose=company-icon`, {
      method: "POST",
      body: fileForm(png(256, 256), "logo.png"),
    }),
    201,
  );

describe("company details from the company tab", () => {
  it("names every entry with one icon uploaded under the company's id, and refuses another company's", async () => {
    const [company, other] = await Promise.all([
      newCompany({ countryId: "AU" }),
      newCompany({ countryId: "NZ" }),
    ]);
    const [au] = (await getDetails(company)).entityInformation;
    const icon = await uploadIcon(company);
    const nz = { ...request(au), countryId: "NZ", isDefault: true, companyName: "Alpha NZ" };
    const saved = companyDetails.parse(
      await ok(
        await putDetails(company, [
          { ...request(au), isDefault: false, icon: { id: icon.id } },
          { ...nz, icon: { id: icon.id } },
        ]),
      ),
    );
    expect(
      saved.entityInformation.map((entry) => [entry.countryId, entry.isDefault, entry.icon?.id]),
    ).toEqual([
      ["NZ", true, icon.id],
      ["AU", false, icon.id],
    ]);
    const theirs = await uploadIcon(other);
    await expectRefused(await putDetails(company, [{ ...nz, icon: { id: theirs.id } }]), 400, {
      "entityInformation.0.icon": "imageNotFound",
    });
    expect((await getDetails(other)).entityInformation.map((entry) => entry.countryId)).toEqual([
      "NZ",
    ]);
  });
});
