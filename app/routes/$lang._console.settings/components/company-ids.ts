/** Ids of the company tab's fields, shared by the tab and its regional cards. */

/** A field's id by its form name (`profile`, `entries[0].companyName`). */
export const fieldId = (name: string) => `company-${name}`;
