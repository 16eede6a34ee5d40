/**
 * The intents of the platform's own settings on desktop: the app's product variants (asking
 * first what changes when locations hold some) and the web area's exception URLs.
 */
import { json } from "@remix-run/node";
import { PRODUCT_VARIANT_ALL } from "~/api/schema/schemas";
import { parseForm } from "~/forms/parse.server";
import { setAppVariants, setExceptions, variantUpdates } from "~/lib/platform/settings";
import { type IntentContext, textOf } from "./intents.server";

/** The answer of a change of the app's product variants that the person confirms first. */
export interface VariantUpdates {
  intent: "variant-updates";
  /** The choice posted (-1 for 'All'), posted again with the confirmation. */
  choice: number[];
  added: string[];
  removed: string[];
}

/** `app-variants`: the app's product variants, after the product-variant updates dialog when some are added or removed. */
export function appVariantsIntent({
  formData,
  state,
  schemas,
  keep,
  fail,
  desktopOnly,
}: IntentContext): Promise<Response> | Response {
  const { variantContext } = schemas;
  desktopOnly();
  if (!variantContext.productVariantsEnabled)
    throw new Response("This country has no product variants.", { status: 400 });
  const submission = parseForm(formData, schemas.appVariants());
  if (submission.status !== "success") return fail(submission.reply());
  const names: Record<number, string> = Object.fromEntries(
    state.productVariants.map((variant) => [variant.firmType, variant.name]),
  );
  const { productVariants, addToAllLocations } = submission.value;
  const updates = variantUpdates(
    state.document.productVariants,
    productVariants,
    variantContext.variants,
  );
  const hasLocations =
    (state.document.views?.length ?? 0) + (state.document.menus?.length ?? 0) > 0;
  if (
    hasLocations &&
    textOf(formData, "confirmed") !== "on" &&
    (updates.added.length > 0 || updates.removed.length > 0)
  ) {
    // The product-variant updates dialog: what changes, and whether added ones go to every location.
    return json<VariantUpdates>({
      intent: "variant-updates",
      choice: productVariants === null ? [PRODUCT_VARIANT_ALL] : productVariants,
      added: updates.added.map((firmType) => names[firmType] ?? String(firmType)),
      removed: updates.removed.map((firmType) => names[firmType] ?? String(firmType)),
    });
  }
  return keep(
    setAppVariants(state.document, productVariants, names, {
      all: variantContext.variants,
      addToAllLocations,
    }),
  );
}

/** `exceptions`: the exception URL rows (conform's add and remove row come back as the form now is). */
export function exceptionsIntent({
  formData,
  state,
  schemas,
  keep,
  fail,
  desktopOnly,
}: IntentContext): Promise<Response> | Response {
  desktopOnly();
  const submission = parseForm(formData, schemas.exceptions());
  if (submission.status !== "success")
    return fail(submission.reply(), submission.status === "error");
  return keep(setExceptions(state.document, submission.value));
}
