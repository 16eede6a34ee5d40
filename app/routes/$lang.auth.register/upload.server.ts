/**
 * Reads the registration form (multipart, because of the company icon) in memory, with
 * limits that keep every typed value even when the icon is too big:
 * - the icon keeps at most 400 KB + 1 byte: one byte more than allowed is enough for the
 *   'at most 400 KB' message, and the rest of the form is still read;
 * - text fields keep at most 64 KB each (the longest, about, is 10,000 characters);
 * - other files are read and dropped; the whole body may not pass 10 MB.
 * The console never stores the icon: it is forwarded to the provider in the registration.
 */
import { BODY_LIMITS } from "~/lib/body-limits";
import { readBoundedForm } from "~/lib/multipart.server";
import { COMPANY_ICON_MAX_BYTES } from "./company-icon";

export { FormTooLargeError } from "~/lib/multipart.server";

export const ICON_FIELD = "companyIcon";

const LIMITS = {
  textBytes: 64 * 1024,
  bodyBytes: BODY_LIMITS.registration,
  parts: 64,
  fileBytes: (name: string) => (name === ICON_FIELD ? COMPANY_ICON_MAX_BYTES + 1 : 0),
};

export function readRegistrationForm(request: Request): Promise<FormData> {
  return readBoundedForm(
    request,
    LIMITS,
    (file) => new File([file.bytes], file.fileName, { type: file.contentType }),
  );
}
