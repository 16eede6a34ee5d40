/**
 * The largest request body of each kind of console route. The console's HTTP host
 * (server/console.ts) enforces them before any route reads a byte: a body declared or found
 * to be larger is answered 413 at once. The forms that carry files read within the same
 * bounds (readUploadForm, readBoundedForm), so that a file a little too big still gets its
 * message on the form, with everything typed kept; those of the large kinds check the ids of
 * their URL before reading the body, and keep their files on disk (decision 68).
 */
const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** Browser error reports (`/{lang}/log`). */
  log: 8 * KB,
  /** Registration, with its company icon (at most 400 KB) and a little room for a bigger one. */
  registration: 10 * MB,
  /** The marketplace listing: icon, banners and screenshots sent in one form without JS. */
  listing: 32 * MB,
  /** A pre-approval with its supporting documents: PDFs of at most 80 MB together, and a little room. */
  documents: 82 * MB,
  /** The data attestation: six texts of at most 2,000 characters and a diagram under 9 MB. */
  diagram: 10 * MB,
  /** The platform schema editor: an imported schema (at most 500,000 characters) or an item with its icon (at most 50 KB). */
  platform: 1 * MB,
  /** The settings page: the company's details with a company icon (at most 400 KB) and its regional entries. */
  settings: 1 * MB,
  /** Every other form: a handful of text fields. */
  form: 256 * KB,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;

const LANG = "[a-z]{2}-[A-Z]{2}";
const KINDS: [RegExp, BodyKind][] = [
  [new RegExp(`^/${LANG}/log/?$`), "log"],
  [new RegExp(`^/${LANG}/auth/register/?$`), "registration"],
  [new RegExp(`^/${LANG}/apps/[^/]+/marketplace/?$`), "listing"],
  [new RegExp(`^/${LANG}/apps/group/[^/]+/approval/?$`), "documents"],
  [new RegExp(`^/${LANG}/apps/[^/]+/data/?$`), "diagram"],
  [new RegExp(`^/${LANG}/settings/?$`), "settings"],
  [new RegExp(`^/${LANG}/apps/[^/]+/(desktop|web|reporting)/?$`), "platform"],
];

/** The kind of body a path takes (the path as requested, without the query). */
export function bodyKindOf(pathname: string): BodyKind {
  return KINDS.find(([pattern]) => pattern.test(pathname))?.[1] ?? "form";
}
