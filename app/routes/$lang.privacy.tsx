/**
 * /privacy: the privacy statement, open to everyone. The text comes from
 * the `legal` namespace; the cookie table names the cookies this console really sets
 * (app/session.server.ts and app/auth.server.ts).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LegalLayout } from "~/components/LegalLayout";
import i18next from "~/i18next.server";
import { CONSOLE_COOKIES } from "~/lib/legal.server";
import { withNamespaces } from "~/lib/namespaces";
import { pageTitle } from "~/lib/title";

export const handle = { i18n: ["common", "legal"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

const PRIVACY_EMAIL = "privacy@developer-console.example";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, ["legal", "common"]);
  return json({ title: pageTitle(t, t("privacy.title")), cookies: CONSOLE_COOKIES });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-10 space-y-4">
      <h2 id={id} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6">{children}</ul>;
}

/** A section of paragraphs, a list and paragraphs after it, each the text `privacy.{id}.{key}`. */
function TextSection({
  id,
  before = [],
  items = [],
  after = [],
}: {
  id: string;
  before?: string[];
  items?: string[];
  after?: string[];
}) {
  const { t } = useTranslation("legal");
  const text = (key: string) => t(`privacy.${id}.${key}`);
  const paragraphs = (keys: string[]) => keys.map((key) => <p key={key}>{text(key)}</p>);
  return (
    <Section id={id} title={text("title")}>
      {paragraphs(before)}
      {items.length > 0 ? (
        <List>
          {items.map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </List>
      ) : null}
      {paragraphs(after)}
    </Section>
  );
}

function CookieRow({
  name,
  secureName,
  purpose,
  duration,
}: {
  name: string;
  secureName?: string;
  purpose: string;
  duration: string;
}) {
  const { t } = useTranslation("legal");
  return (
    <tr className="border-t border-gray-200 align-top">
      <th scope="row" className="py-3 pr-4 text-left font-normal">
        <code className="break-all font-mono text-sm font-semibold">{name}</code>
        {secureName ? (
          <span className="mt-1 block text-sm text-gray-700">
            <Trans
              t={t}
              i18nKey="privacy.cookies.secureName"
              values={{ name: secureName }}
              components={{ code: <code className="break-all font-mono" /> }}
            />
          </span>
        ) : null}
      </th>
      <td className="py-3 pr-4">{purpose}</td>
      <td className="py-3">{duration}</td>
    </tr>
  );
}

export default function Privacy() {
  const { cookies } = useLoaderData<typeof loader>();
  const { t } = useTranslation("legal");
  return (
    <LegalLayout>
      <article className="max-w-prose leading-relaxed">
        <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">
          {t("privacy.title")}
        </h1>
        <p className="mt-2 text-gray-700">{t("privacy.updated")}</p>
        <p className="mt-4">{t("privacy.intro")}</p>

        <TextSection id="who" before={["body", "apps"]} />
        <TextSection
          id="collect"
          before={["intro"]}
          items={["account", "company", "apps", "technical"]}
        />
        <TextSection
          id="why"
          before={["intro"]}
          items={["contract", "security", "payments", "messages"]}
          after={["never"]}
        />
        <TextSection id="retention" items={["account", "apps", "financial", "logs"]} />
        <TextSection
          id="sharing"
          before={["intro"]}
          items={["processors", "firms", "authorities"]}
          after={["transfers"]}
        />
        <TextSection id="rights" before={["body", "complaint"]} />

        <Section id="cookies" title={t("privacy.cookies.title")}>
          <p>{t("privacy.cookies.intro")}</p>
          {/* On a narrow screen the table scrolls on its own, not the page (WCAG 1.4.10); it can take focus to scroll by keyboard. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so that the keyboard scrolls it */}
          <section aria-labelledby="cookies-caption" tabIndex={0} className="overflow-x-auto">
            <table className="w-full min-w-[28rem] border-b border-gray-200 text-left">
              <caption id="cookies-caption" className="pb-2 text-left font-semibold">
                {t("privacy.cookies.caption")}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    {t("privacy.cookies.name")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("privacy.cookies.purpose")}
                  </th>
                  <th scope="col" className="py-2">
                    {t("privacy.cookies.duration")}
                  </th>
                </tr>
              </thead>
              <tbody>
                <CookieRow
                  name={cookies.session}
                  secureName={cookies.secureSession}
                  purpose={t("privacy.cookies.session.purpose")}
                  duration={t("privacy.cookies.session.duration")}
                />
                <CookieRow
                  name={cookies.language}
                  purpose={t("privacy.cookies.language.purpose")}
                  duration={t("privacy.cookies.language.duration")}
                />
                <CookieRow
                  name={cookies.signin}
                  secureName={cookies.secureSignin}
                  purpose={t("privacy.cookies.signin.purpose")}
                  duration={t("privacy.cookies.signin.duration")}
                />
                <CookieRow
                  name={cookies.toast}
                  purpose={t("privacy.cookies.toast.purpose")}
                  duration={t("privacy.cookies.toast.duration")}
                />
                <CookieRow
                  name={cookies.error}
                  purpose={t("privacy.cookies.error.purpose")}
                  duration={t("privacy.cookies.error.duration")}
                />
                <CookieRow
                  name={cookies.appList}
                  purpose={t("privacy.cookies.appList.purpose")}
                  duration={t("privacy.cookies.appList.duration")}
                />
              </tbody>
            </table>
          </section>
          <p>{t("privacy.cookies.identity")}</p>
        </Section>

        <Section id="contact" title={t("privacy.contact.title")}>
          <p>
            <Trans
              t={t}
              i18nKey="privacy.contact.body"
              values={{ email: PRIVACY_EMAIL }}
              components={{
                email: (
                  // biome-ignore lint/a11y/useAnchorContent: Trans puts the address in the link
                  <a
                    href={`mailto:${PRIVACY_EMAIL}`}
                    className="font-semibold text-brand-700 underline"
                  />
                ),
              }}
            />
          </p>
          <p>{t("privacy.contact.changes")}</p>
        </Section>
      </article>
    </LegalLayout>
  );
}
