/** Choose the console's language; keeps the current page. Works as a plain form without JS. */
import { Form, useLocation, useParams } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "~/i18n";

export function LanguageSelector({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const location = useLocation();
  const id = useId();
  return (
    <Form
      method="post"
      action={`/${lang}/language`}
      className={`flex items-center gap-2 ${className}`}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="text-sm font-semibold">
        {t("language.label")}
      </label>
      <select
        id={id}
        name="lang"
        defaultValue={lang}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-gray-500 bg-white px-2 py-1 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="no-js-only rounded-md border border-gray-500 bg-white px-2 py-1 text-sm font-semibold"
      >
        {t("language.change")}
      </button>
    </Form>
  );
}
