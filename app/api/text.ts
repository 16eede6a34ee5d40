/**
 * Rules on text that both the browser and the server apply, with no zod in them: the browser's
 * form check (`checkForm`) runs them by name, the contract's zod schemas refine with the same
 * functions, so a field is judged alike on both sides.
 */

/** `String.prototype.isWellFormed` and `toWellFormed` (ES2024; Node 20 and every current browser have them). */
type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Text the database can store: no NUL character (U+0000, which PostgreSQL refuses in text
 * and jsonb) and no lone surrogate (half of a UTF-16 pair, such as "\ud800": not a character,
 * it has no UTF-8).
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\0") && (value as unknown as WellFormed).isWellFormed();
}

/** The text with every character the database cannot store replaced by U+FFFD. */
export function storableCopy(value: string): string {
  return (value as unknown as WellFormed).toWellFormed().replaceAll("\0", "\ufffd");
}

/** http(s) URLs with the protocol written out. */
export const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const isHttpUrl = (value: string) => HTTP_URL.test(value);
/** Empty, or an http(s) URL. */
export const isEmptyOrHttpUrl = (value: string) => value === "" || HTTP_URL.test(value);

/** The password policy: 8 to 128 characters with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;
export function meetsPasswordPolicy(value: string): boolean {
  return (
    value.length >= PASSWORD_POLICY.minLength &&
    value.length <= PASSWORD_POLICY.maxLength &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value)
  );
}

/**
 * The tests a schema may refine a field with and the browser runs too, by name. A refinement
 * with any other function is the server's alone.
 */
export const TEXT_TESTS = {
  storableText: isStorableText,
  httpUrl: isHttpUrl,
  emptyOrHttpUrl: isEmptyOrHttpUrl,
  passwordPolicy: meetsPasswordPolicy,
} as const satisfies Record<string, (value: string) => boolean>;
export type TextTestName = keyof typeof TEXT_TESTS;
