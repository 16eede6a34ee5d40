/**
 * The function icon of the item dialog: the editor's form is
 * read with its chosen icon file kept apart (at most 50 KB and a byte, enough to tell a file
 * is too big; a file part of any other name keeps one byte and stays in the form as a file,
 * so that its field's rule refuses it); the icon is checked by its content
 * (`functionIconRule`: the type, 28 to 65 px or 24x24 for a list item, at most 50 KB) and
 * uploaded (`POST images?purpose=function-icon`, `&listItem=true` for a list item), which the
 * provider checks again by content. The uploaded icon goes into the item's `icon.id` and
 * `icon.url` fields of the form, so that a form refused for another field keeps it.
 */
import { type ApiClient, ApiError } from "~/api/client.server";
import { uploadImage } from "~/api/files/endpoints";
import { FILE_RULE_CODES, type FileRuleCode, IMAGE_RULES } from "~/api/files/rules";
import type { SchemaRuleCode } from "~/api/schema/codes";
import { functionIconCode } from "~/api/schema/items";
import type { ActionType } from "~/api/schema/schemas";
import {
  DROP_REFUSED_ICON,
  functionIconRule,
  ICON_FILE,
  REFUSED_ICON,
  REMOVE_ICON,
} from "~/forms/platform-item";
import { BODY_LIMITS } from "~/lib/body-limits";
import { FormTooLargeError, type ReadFile, readBoundedForm } from "~/lib/multipart.server";

const EDITOR_LIMITS = {
  textBytes: BODY_LIMITS.platform,
  bodyBytes: BODY_LIMITS.platform,
  parts: 2000,
  fileBytes: (name: string) => (name === ICON_FILE ? IMAGE_RULES["function-icon"].maxBytes + 1 : 1),
};

/**
 * The editor's form, and the icon file chosen in the item dialog (if any). A body past its
 * limit is answered 413; a list index no page sends (readBoundedForm), 400.
 */
export async function readEditorForm(
  request: Request,
): Promise<{ formData: FormData; iconFile?: ReadFile }> {
  let iconFile: ReadFile | undefined;
  try {
    const formData = await readBoundedForm(request, EDITOR_LIMITS, (file) => {
      if (file.name !== ICON_FILE)
        return new File([file.bytes], file.fileName, { type: file.contentType });
      // One icon: a second file of the name is a form no page sends.
      if (iconFile) throw new Response("One icon at a time.", { status: 400 });
      iconFile = file;
      return undefined;
    });
    return { formData, iconFile };
  } catch (error) {
    if (error instanceof FormTooLargeError)
      throw new Response("The form is too large.", { status: 413 });
    throw error;
  }
}

/**
 * The item dialog's icon fields as the post leaves them: with `removeIcon` ticked, no icon;
 * a chosen file checked and uploaded, answering the rule it breaks (a code of the schema
 * area, also kept in the form as `refusedIcon`, so that a save without another file is
 * refused too), the company's unattached uploads at their quota (`quota`, the 429 to word), or
 * the provider's error when the upload failed otherwise. A new file, the icon removed or the
 * refused file left out (`dropRefusedIcon`) ends an earlier refusal.
 */
export async function applyIconChoice(
  api: ApiClient,
  formData: FormData,
  iconFile: ReadFile | undefined,
  options: { actionType: ActionType; allowSvg: boolean },
): Promise<{ refused?: SchemaRuleCode; quota?: ApiError; apiError?: ApiError }> {
  formData.delete(ICON_FILE);
  const removed = formData.getAll(REMOVE_ICON).length > 0;
  if (iconFile || removed || formData.getAll(DROP_REFUSED_ICON).length > 0) {
    for (const name of [REFUSED_ICON, DROP_REFUSED_ICON]) formData.delete(name);
  }
  if (removed) {
    for (const name of ["icon.id", "icon.url", "iconSvg", REMOVE_ICON]) formData.delete(name);
  }
  if (!iconFile) return {};
  const refuse = (code: SchemaRuleCode) => {
    formData.set(REFUSED_ICON, code);
    return { refused: code };
  };
  const refused = functionIconRule(iconFile.bytes, iconFile.size, options);
  if (refused) return refuse(refused);
  const body = new FormData();
  body.append(
    "file",
    new Blob([iconFile.bytes], { type: iconFile.contentType || "application/octet-stream" }),
    iconFile.fileName.slice(-200) || "icon",
  );
  try {
    const uploaded = await api.call(uploadImage, {
      query: {
        purpose: "function-icon",
        listItem: options.actionType === "list-item" ? "true" : "false",
      },
      body,
    });
    formData.set("icon.id", uploaded.id);
    formData.set("icon.url", uploaded.url);
    // An uploaded icon replaces an inline SVG one.
    formData.delete("iconSvg");
    return {};
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 429) return { quota: error };
    const code = error.errors?.file;
    if (error.status === 400 && code && (FILE_RULE_CODES as readonly string[]).includes(code))
      return refuse(functionIconCode(code as FileRuleCode));
    if (error.status === 400 || error.status === 413) return refuse("invalidType");
    return { apiError: error };
  }
}
