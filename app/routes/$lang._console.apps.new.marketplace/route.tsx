/**
 * /apps/new/marketplace: the listing of an app that does not exist yet. The listing is
 * saved with its app version (`PUT apps/{id}`), so there is nothing to edit before the
 * details have created the app; this step therefore sends the user to /apps/new/details,
 * where Save creates the app and leads to its own /apps/{id}/marketplace (replacing the
 * history entry). Spec 01 sends a user without a version id and without a loaded app to
 * /apps; here the create flow is still under way, so it resumes at its first step instead
 * of leaving the user to click New app again.
 */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireUser(request, context);
  return redirect(`/${language}/apps/new/details`);
}
