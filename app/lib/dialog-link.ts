/** The `state` of a link that opens a URL-addressed dialog: closing it then goes back in history (ConfirmDialog's useCloseDialog). */
export const DIALOG_LINK_STATE = { dialog: true } as const;
