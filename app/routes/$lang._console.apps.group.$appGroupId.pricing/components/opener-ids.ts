/** Id of the pricing page's link that opens a dialog (focus returns there when it closes). */

/** Submit price change. */
export const CHANGE_BUTTON_ID = "submit-price-change";
