/**
 * The signed-in layout: the main navigation (the left bar, folded under a Menu button in a
 * compact top bar below 600 px: components/MainNavigation), the success toast at the top of
 * the page's content, and the blocking terms dialog for users who have not accepted the terms.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/api/client.server";
import { getUser } from "~/api/user/endpoints";
import { requireUser, SUSPENDED_MESSAGE, signInPath, signOutRedirect } from "~/auth.server";
import { MainNavigation } from "~/components/MainNavigation";
import { TermsDialog } from "~/components/TermsDialog";
import { ToastSlot } from "~/components/ui/Toast";
import { externalLinks } from "~/lib/links.server";
import { keepAfterUnreachable } from "~/lib/outage";

/** `toastSlot`: the success toast shows at the top of the page's content (see ui/Toast). */
export const handle = { i18n: ["common"], toastSlot: true };

/** React 18 has no `inert` prop: the attribute is passed as is. */
const inertProps = { inert: "", "aria-hidden": true } as Record<string, unknown>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const user = await api.call(getUser).catch((error: unknown) => {
    // A suspended account (403) cannot use the console: back to sign-in, with the reason.
    if (error instanceof ApiError && error.status === 403) {
      return signOutRedirect(request, signInPath(language, { message: SUSPENDED_MESSAGE }));
    }
    throw error;
  });
  const links = externalLinks(language);
  return json({
    user: {
      userName: user.userName,
      userInitials: user.userInitials,
      email: user.email,
      isTermsAccepted: user.isTermsAccepted,
    },
    links: { documentation: links.documentation, apiReference: links.apiReference },
    termsError: new URL(request.url).searchParams.get("terms") === "required",
  });
}

/** The user is not loaded again after a submission the provider was out of reach for. */
export const shouldRevalidate = keepAfterUnreachable;

export default function ConsoleLayout() {
  const { user, links, termsError } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const blocked = !user.isTermsAccepted;

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("nav.skipToContent")}
      </a>
      <div className="flex min-h-screen flex-col sm:flex-row" {...(blocked ? inertProps : {})}>
        <MainNavigation user={user} links={links} />
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 md:p-10">
          <ToastSlot />
          <Outlet />
        </main>
      </div>
      {blocked ? (
        <TermsDialog error={termsError} redirectTo={`${location.pathname}${location.search}`} />
      ) : null}
    </>
  );
}
