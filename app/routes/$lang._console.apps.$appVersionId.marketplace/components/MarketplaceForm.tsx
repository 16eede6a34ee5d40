/**
 * The marketplace listing form: every field of the listing with
 * the spec's rules and messages (the contract's `validateMarketplace`, run by the action's
 * schema `listingSchema` and in the browser by `listingMessages`, with the rules the page's
 * loader derives from that schema):
 * details (short overview, overview, features, keywords, contact email, app and website,
 * support and documentation URLs), legal (copyright, privacy policy and terms of service,
 * each with its URL), images and video (app icon, banners, screenshots, YouTube URL) and
 * visibility. One multipart form: the images' lists are hidden fields, chosen files go
 * with it (no JS) or are uploaded on choice (JS), the overview is a hidden field written by
 * the rich-text editor (JS) or a textarea (no JS).
 */
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useFetchers, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_LIMITS, APP_TYPES } from "~/api/apps/rules";
import type { ImageRef, Marketplace } from "~/api/apps/schemas";
import { CharacterCount } from "~/components/apps/editor/CharacterCount";
import { EditorToolbar } from "~/components/apps/editor/EditorActions";
import {
  DraftNotice,
  type DraftState,
  SaveBar,
  sentUnchecked,
  useDiscardGeneration,
} from "~/components/apps/editor/SaveBar";
import { useUnsavedChanges } from "~/components/apps/editor/UnsavedChanges";
import { useErrorSummary } from "~/components/apps/editor/useErrorSummary";
import { CheckboxRow } from "~/components/ui/CheckboxRow";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { InputField, TextareaField } from "~/components/ui/Field";
import { fieldId, LISTING_FIELDS, LISTING_FORM_ID, listingMessages } from "~/forms/app-editor";
import type { ListingValue } from "~/forms/app-editor.server";
import { checkForm, type FormRules } from "~/forms/check";
import type { ListingImages } from "~/lib/apps/editor-save.server";
import { useFailedTitle } from "~/lib/title";
import { ImageField } from "./ImageField";
import { ListingContents } from "./ListingContents";
import { OverviewField } from "./OverviewField";

export interface MarketplaceFormProps {
  pageTitle: string;
  /** The stored listing (the overview already reduced to the allowed tags). */
  listing: Marketplace;
  /** The rules of the action's schema a browser can check (formRules). */
  rules: FormRules;
  /** The images as the server last saw them (stored, or changed by the last post). */
  images: ListingImages;
  /** The images of the last answer of the action, when there was one. */
  answeredImages?: ListingImages;
  appType: number;
  allowSvg: boolean;
  editable: boolean;
  readOnlyReason?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** A message of the whole form (mandatory details missing...). */
  formError?: string | null;
  failed?: boolean;
  /** Beside Save: Preview and the Actions menu. */
  actions?: ReactNode;
  detailsHref: string;
  siblings: string[];
  /** Kept drafts of the version (app/lib/apps/drafts.server.ts). */
  draft?: DraftState;
  resetKey: unknown;
}

const section = "space-y-6 rounded-lg bg-white p-6 shadow";

export function MarketplaceForm(props: MarketplaceFormProps) {
  const { generation, discarded } = useDiscardGeneration();
  return <MarketplaceFormBody key={generation} {...props} onDiscard={discarded} />;
}

function MarketplaceFormBody(props: MarketplaceFormProps & { onDiscard: () => void }) {
  const { listing, rules, editable, lastResult, appType } = props;
  const { t, i18n } = useTranslation("appEditor");
  const navigation = useNavigation();
  const translate = t;
  const [form, fields] = useForm<ListingValue>({
    id: LISTING_FORM_ID,
    lastResult,
    defaultValue: {
      detail: listing.detail,
      legal: listing.legal,
      promo: { youtubeUrl: listing.promo.youtubeUrl },
      visibility: listing.visibility,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, rules, (payload) =>
        listingMessages(translate, i18n.language, { appType }, payload),
      ),
  });
  const detail = fields.detail.getFieldset();
  const legal = fields.legal.getFieldset();
  const promo = fields.promo.getFieldset();

  const [images, setImages] = useState<ListingImages>(props.images);
  useEffect(() => {
    if (props.answeredImages) setImages(props.answeredImages);
  }, [props.answeredImages]);

  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, {
    resetKey: props.resetKey,
    siblings: props.siblings,
    enabled: editable,
  });
  const { recheck } = unsaved;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the images are no field of the form: a change of them checks again
  useEffect(() => recheck(), [images, recheck]);

  const byName: Record<string, FieldMetadata<unknown>> = {
    "detail.shortDescription": detail.shortDescription,
    "detail.description": detail.description,
    "detail.features": detail.features,
    "detail.keywords": detail.keywords,
    "detail.contactEmail": detail.contactEmail,
    "detail.appURL": detail.appURL,
    "detail.websiteUrl": detail.websiteUrl,
    "detail.supportUrl": detail.supportUrl,
    "detail.documentationUrl": detail.documentationUrl,
    "legal.copyright": legal.copyright,
    "legal.privacyPolicy": legal.privacyPolicy,
    "legal.privacyPolicyUrl": legal.privacyPolicyUrl,
    "legal.termsOfService": legal.termsOfService,
    "legal.termsOfServiceUrl": legal.termsOfServiceUrl,
    "promo.appIcon": promo.appIcon,
    "promo.banners": promo.banners,
    "promo.screenshots": promo.screenshots,
    "promo.youtubeUrl": promo.youtubeUrl,
  } as Record<string, FieldMetadata<unknown>>;
  const errorOf = (name: string) => byName[name]?.errors?.[0];
  const { summary, onSubmitted } = useErrorSummary({
    order: LISTING_FIELDS,
    errorOf,
    idOf: (name) => fieldId(LISTING_FORM_ID, name),
    labelOf: (name) => t(`fields.${name}.label`),
    lastResult,
  });
  useFailedTitle(
    props.pageTitle,
    summary.length > 0 || Boolean(props.formError) || Boolean(props.failed),
  );

  const [shortOverview, setShortOverview] = useState(
    typeof detail.shortDescription.initialValue === "string"
      ? detail.shortDescription.initialValue
      : "",
  );
  const formProps = getFormProps(form);
  const submitting =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  // Images chosen with JS are uploaded first: Save waits for them, so that it sends them too.
  const uploading = useFetchers().some(
    (fetcher) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === "upload-files",
  );
  const required = (label: string) => `${label} ${t("required")}`;
  const label = (name: string) => t(`fields.${name}.label`);

  /** A text input of the listing: label (with '(required)' when it is), hint, error. */
  const input = (
    name: string,
    options: {
      type?: "text" | "email" | "url";
      required?: boolean;
      hint?: boolean;
      autoComplete?: string;
    } = {},
  ) => {
    const meta = byName[name];
    return (
      <InputField
        {...getInputProps(meta, { type: options.type ?? "text", ariaAttributes: false })}
        key={meta.key}
        label={options.required ? required(label(name)) : label(name)}
        hint={options.hint ? t(`fields.${name}.hint`) : undefined}
        error={meta.errors?.[0]}
        autoComplete={options.autoComplete ?? "off"}
        className="sm:max-w-2xl"
      />
    );
  };
  const textarea = (name: string, rows = 4) => {
    const meta = byName[name];
    return (
      <TextareaField
        {...getTextareaProps(meta, { ariaAttributes: false })}
        key={meta.key}
        label={label(name)}
        hint={t(`fields.${name}.hint`)}
        error={meta.errors?.[0]}
        rows={rows}
      />
    );
  };

  const imageErrors = (name: "promo.appIcon" | "promo.banners" | "promo.screenshots") =>
    byName[name].errors ?? [];
  const contactRequired = appType === APP_TYPES.connector;

  return (
    <>
      {props.formError ? (
        <div role="alert" className="mb-6 rounded-md border-4 border-red-700 bg-white p-4">
          <p className="font-semibold text-gray-900">{props.formError}</p>
          <p className="mt-2">
            <Link to={props.detailsHref} className="font-semibold text-brand-700 underline">
              {t("errors.goToDetails")}
            </Link>
          </p>
        </div>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        ref={formRef}
        onSubmit={(event) => {
          if (sentUnchecked(event)) return;
          formProps.onSubmit(event);
          onSubmitted();
        }}
        className="space-y-8"
      >
        <EditorToolbar
          editable={editable}
          actions={props.actions}
          readOnlyReason={props.readOnlyReason}
        />
        <DraftNotice draft={props.draft} otherPage="details" />
        <ListingContents />

        <fieldset disabled={!editable} className="space-y-8">
          <legend className="sr-only">{t("listing.legend")}</legend>
          <section aria-labelledby="listing-detail" className={section}>
            <h2 id="listing-detail" className="scroll-mt-4 text-xl font-bold text-gray-900">
              {t("listing.sections.detail")}
            </h2>
            <div className="flex flex-col gap-1">
              <InputField
                {...getInputProps(detail.shortDescription, { type: "text", ariaAttributes: false })}
                key={detail.shortDescription.key}
                label={label("detail.shortDescription")}
                hint={t("fields.detail.shortDescription.hint")}
                error={detail.shortDescription.errors?.[0]}
                aria-describedby={[
                  detail.shortDescription.errors?.[0]
                    ? `${detail.shortDescription.id}-error`
                    : null,
                  `${detail.shortDescription.id}-hint`,
                  `${detail.shortDescription.id}-count`,
                ]
                  .filter(Boolean)
                  .join(" ")}
                onChange={(event) => setShortOverview(event.currentTarget.value)}
                autoComplete="off"
                className="sm:max-w-2xl"
              />
              <CharacterCount
                id={`${detail.shortDescription.id}-count`}
                count={shortOverview.trim().length}
                max={APP_LIMITS.shortOverviewMax}
              />
            </div>
            <OverviewField
              id={detail.description.id}
              name={detail.description.name}
              label={required(label("detail.description"))}
              initialValue={detail.description.initialValue ?? ""}
              error={detail.description.errors?.[0]}
              editable={editable}
            />
            {textarea("detail.features", 5)}
            {input("detail.keywords", { hint: true })}
            {input("detail.contactEmail", {
              type: "email",
              required: contactRequired,
              hint: true,
              autoComplete: "email",
            })}
            {input("detail.appURL", { type: "url", hint: true })}
            {input("detail.websiteUrl", { type: "url", required: true })}
            {input("detail.supportUrl", { type: "url", required: true })}
            {input("detail.documentationUrl", { type: "url" })}
          </section>

          <section aria-labelledby="listing-legal" className={section}>
            <h2 id="listing-legal" className="scroll-mt-4 text-xl font-bold text-gray-900">
              {t("listing.sections.legal")}
            </h2>
            {input("legal.copyright", { hint: true })}
            {textarea("legal.privacyPolicy", 6)}
            {input("legal.privacyPolicyUrl", { type: "url", required: true })}
            {textarea("legal.termsOfService", 6)}
            {input("legal.termsOfServiceUrl", { type: "url", required: true })}
          </section>

          <section aria-labelledby="listing-promo" className={section}>
            <h2 id="listing-promo" className="scroll-mt-4 text-xl font-bold text-gray-900">
              {t("listing.sections.promo")}
            </h2>
            <ImageField
              id={fieldId(LISTING_FORM_ID, "promo.appIcon")}
              name="promo.appIcon"
              kind="icon"
              label={required(label("promo.appIcon"))}
              hint={t(
                props.allowSvg ? "fields.promo.appIcon.hintSvg" : "fields.promo.appIcon.hint",
              )}
              images={images.appIcon ? [images.appIcon] : []}
              onChange={(next: ImageRef[]) =>
                setImages((before) => ({ ...before, appIcon: next[0] ?? null }))
              }
              errors={imageErrors("promo.appIcon")}
              max={1}
              allowSvg={props.allowSvg}
              editable={editable}
            />
            <ImageField
              id={fieldId(LISTING_FORM_ID, "promo.banners")}
              name="promo.banners"
              kind="banner"
              label={label("promo.banners")}
              hint={t(
                props.allowSvg ? "fields.promo.banners.hintSvg" : "fields.promo.banners.hint",
                { max: APP_LIMITS.bannersMax },
              )}
              images={images.banners}
              onChange={(next: ImageRef[]) => setImages((before) => ({ ...before, banners: next }))}
              errors={imageErrors("promo.banners")}
              max={APP_LIMITS.bannersMax}
              allowSvg={props.allowSvg}
              editable={editable}
            />
            <ImageField
              id={fieldId(LISTING_FORM_ID, "promo.screenshots")}
              name="promo.screenshots"
              kind="screenshot"
              label={label("promo.screenshots")}
              hint={t("fields.promo.screenshots.hint", { max: APP_LIMITS.screenshotsMax })}
              images={images.screenshots}
              onChange={(next: ImageRef[]) =>
                setImages((before) => ({ ...before, screenshots: next }))
              }
              errors={imageErrors("promo.screenshots")}
              max={APP_LIMITS.screenshotsMax}
              allowSvg={props.allowSvg}
              editable={editable}
            />
            {input("promo.youtubeUrl", { type: "url", hint: true })}
          </section>

          <section aria-labelledby="listing-visibility" className={section}>
            <h2 id="listing-visibility" className="scroll-mt-4 text-xl font-bold text-gray-900">
              {t("listing.sections.visibility")}
            </h2>
            <CheckboxRow
              key={fields.visibility.key}
              input={getInputProps(fields.visibility, { type: "checkbox", ariaAttributes: false })}
              className="mt-1 h-5 w-5 accent-brand-600"
              labelClassName="font-semibold text-gray-900"
              label={t("fields.visibility.label")}
              hint={t("fields.visibility.hint")}
            />
          </section>
        </fieldset>
        <SaveBar
          editable={editable}
          busy={submitting || uploading}
          dirty={unsaved.dirty}
          draft={props.draft}
          onDiscard={props.onDiscard}
        />
      </Form>
      {unsaved.dialog}
    </>
  );
}
