/**
 * The user settings tab: the user's language (`user/preference`). It posts to the language
 * switch of the header (/{lang}/language), which saves the preference, remembers the choice
 * and returns to this tab in the chosen language, the URL's language segment included.
 */
import { Form, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { LANGUAGES } from "~/i18n";

export function UserSettingsForm({ localeCode }: { localeCode: string }) {
  const { t } = useTranslation(["settings", "common"]);
  const { lang } = useParams();
  return (
    <section
      aria-labelledby="user-settings-title"
      className="max-w-xl rounded-lg border border-gray-300 bg-white p-6"
    >
      <h2 id="user-settings-title" className="mb-2 text-xl font-bold text-gray-900">
        {t("user.title")}
      </h2>
      <p id="user-settings-intro" className="mb-4 text-gray-800">
        {t("user.intro")}
      </p>
      <Form method="post" action={`/${lang}/language`} className="flex flex-col items-start gap-4">
        <input type="hidden" name="redirectTo" value={`/${lang}/settings?tab=user`} />
        <label htmlFor="user-language" className="text-sm font-semibold text-gray-900">
          {t("user.language")}
        </label>
        <select
          id="user-language"
          name="lang"
          defaultValue={localeCode}
          aria-describedby="user-settings-intro"
          className="min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:language.names.${language}`)}
            </option>
          ))}
        </select>
        <Button type="submit">{t("user.save")}</Button>
      </Form>
    </section>
  );
}
