/** The company's fields shared across regions: about, links, social presence and its icon. */
import { useTranslation } from "react-i18next";
import { ABOUT_LIMITS, SOCIAL_PRESENCE_MAX } from "~/api/registration/rules";
import { InputField, TextareaField } from "~/components/ui/Field";
import { type CompanyFormValues, ICON_FIELD } from "~/forms/company";
import { fieldId } from "./company-ids";

/** What a text field of the form is given: its id, name, saved value, message and label. */
type TextProps = { id: string; name: string; defaultValue: string; error?: string; label: string };

export function SharedFields({
  start,
  text,
  iconError,
}: {
  /** The values the form starts from. */
  start: CompanyFormValues;
  text: (name: string, value: string) => TextProps;
  iconError?: string;
}) {
  const { t } = useTranslation(["settings", "auth", "common"]);
  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-300 bg-white p-6">
      <legend className="px-1 text-lg font-bold text-gray-900">{t("company.sharedLegend")}</legend>
      <TextareaField
        {...text("profile", start.profile)}
        rows={8}
        hint={t("auth:register.fields.profile.hint", {
          min: ABOUT_LIMITS.min,
          max: ABOUT_LIMITS.max.toLocaleString(),
        })}
      />
      <InputField
        {...text("website", start.website)}
        type="url"
        hint={t("auth:register.fields.urlHint")}
        spellCheck={false}
      />
      <TextareaField
        {...text("socialPresence", start.socialPresence)}
        rows={3}
        hint={t("auth:register.fields.socialPresence.hint", {
          max: SOCIAL_PRESENCE_MAX.toLocaleString(),
        })}
      />
      <InputField
        {...text("supportUrl", start.supportUrl)}
        type="url"
        hint={t("auth:register.fields.urlHint")}
        spellCheck={false}
      />
      <InputField
        {...text("termsUrl", start.termsUrl)}
        type="url"
        hint={t("auth:register.fields.urlHint")}
        spellCheck={false}
      />
      {start.icon ? (
        <div>
          <p className="text-sm font-semibold text-gray-900">{t("company.currentIcon")}</p>
          {start.icon.url ? (
            <img
              src={start.icon.url}
              alt={t("company.currentIcon")}
              width={64}
              height={64}
              className="mt-1 rounded border border-gray-300"
            />
          ) : null}
          <input type="hidden" name="iconId" value={start.icon.id} />
          <input type="hidden" name="iconUrl" value={start.icon.url} />
        </div>
      ) : null}
      <InputField
        id={fieldId(ICON_FIELD)}
        name={ICON_FIELD}
        type="file"
        accept="image/png"
        label={`${t("auth:register.fields.companyIcon.label")} ${t("auth:register.optional")}`}
        hint={t("auth:register.fields.companyIcon.hint")}
        error={iconError}
      />
    </fieldset>
  );
}
