/**
 * The location dialogs of the platform schema editor: their
 * form ids (no zod here; the schemas that read their posts are platform-location.server.ts).
 */
export const ADD_LOCATION_FORM_ID = "platform-add-location";
export const CLONE_FORM_ID = "platform-clone";
