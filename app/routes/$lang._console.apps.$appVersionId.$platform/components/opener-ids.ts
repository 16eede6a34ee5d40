/** Ids of the editor's elements that open a dialog (focus returns there when it closes). */

/** The Add location link. */
export const ADD_LOCATION_BUTTON_ID = "platform-add-location-open";
