/** Ids of the sandbox accounts page's links that open a dialog (focus returns there when it closes). */

/** Import. */
export const IMPORT_BUTTON_ID = "open-import";

/** New credentials. */
export const NEW_BUTTON_ID = "open-new-credentials";

/** Configure, on an instance's card. */
export const configureLinkId = (id: string) => `configure-${id}`;

/** Delete, on an instance's card. */
export const deleteLinkId = (id: string) => `delete-${id}`;
