/**
 * The company tab: the fields the company shares across
 * regions, then a collapsible card per regional entry (its country and 'default' in the
 * title; delete with a confirmation, never the default; an expand toggle), a button to add
 * regional information while a country is unused, and Submit.
 *
 * One form, posted whole with an `intent` (app/routes/$lang._console.settings/company.server.ts):
 * without JavaScript adding, asking to delete and deleting are posts that answer the page
 * with what was typed; with JavaScript they change the page at once, the confirmation is a
 * modal, Submit is disabled while nothing differs from what is saved, and the form is
 * checked before it is sent, opening the first card with a problem.
 */

import { Form } from "@remix-run/react";
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_RULES } from "~/api/files/rules";
import { unusedCountries } from "~/api/settings/rules";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import type { FormRules } from "~/forms/check";
import {
  type CompanyFormErrors,
  type CompanyFormReply,
  type CompanyFormValues,
  companyFieldLabel,
  DEFAULT_FIELD,
  emptyEntry,
  entryField,
  firstInvalidEntry,
  ICON_FIELD,
  isUnchanged,
  LIST_FIELD,
  OPTIONAL_FIELDS,
  orderedErrorNames,
  type RegionalValues,
  readCompanyForm,
  validateCompanyForm,
} from "~/forms/company";
import { useHydrated } from "~/lib/hydrated";
import { fieldId } from "./company-ids";
import { DeleteEntryDialog } from "./DeleteEntryDialog";
import { RegionalCard } from "./RegionalCard";
import { SharedFields } from "./SharedFields";

export interface CompanyTabProps {
  saved: CompanyFormValues;
  countries: { code: string; name: string }[];
  hasAwaitingSubmission: boolean;
  /** The browser's rules of the shared and regional fields (the page's loader derives them from registration's schema). */
  rules: FormRules;
  /** The answer to the last post: what was typed, its problems, the card to open, the confirmation to show. */
  reply?: CompanyFormReply;
}

interface Card {
  key: string;
  entry: RegionalValues;
}

/** Where the summary leads for a problem of the list: the regional fieldset. */
const summaryTarget = (name: string) =>
  name === DEFAULT_FIELD || name === LIST_FIELD ? "company-regional" : fieldId(name);

let added = 0;

/** The tab, started afresh from each answer to a post (or from what is saved). */
export function CompanyTab(props: CompanyTabProps) {
  const generation = useRef(0);
  const last = useRef(props.reply);
  if (last.current !== props.reply) {
    last.current = props.reply;
    generation.current += 1;
  }
  return <CompanyForm key={generation.current} {...props} />;
}

function CompanyForm({ saved, countries, hasAwaitingSubmission, reply, rules }: CompanyTabProps) {
  const { t } = useTranslation(["settings", "auth", "common"]);
  const hydrated = useHydrated();
  const start = reply?.values ?? saved;
  const [cards, setCards] = useState<Card[]>(() =>
    start.entries.map((entry, index) => ({ key: entry.id || `new-${index}`, entry })),
  );
  const [defaultKey, setDefaultKey] = useState(() =>
    start.defaultIndex >= 0
      ? start.entries[start.defaultIndex]?.id || `new-${start.defaultIndex}`
      : "",
  );
  const [errors, setErrors] = useState<CompanyFormErrors>(reply?.errors ?? {});
  const [confirmKey, setConfirmKey] = useState<string | null>(() =>
    reply && reply.confirmDelete >= 0
      ? start.entries[reply.confirmDelete]?.id || `new-${reply.confirmDelete}`
      : null,
  );
  const [openKey, setOpenKey] = useState<string | null>(() => {
    const open = reply ? reply.open : -1;
    return open >= 0 ? start.entries[open]?.id || `new-${open}` : null;
  });
  const [changed, setChanged] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);
  const values = (): CompanyFormValues =>
    readCompanyForm(new FormData(formRef.current ?? undefined)).values;

  const recompute = () => {
    const form = formRef.current;
    if (!form) return;
    const icon = form.elements.namedItem(ICON_FIELD) as HTMLInputElement | null;
    setChanged(Boolean(icon?.files?.length) || !isUnchanged(values(), saved));
  };
  // After cards are added or deleted (and once JavaScript runs), Submit follows what differs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute reads the form itself, after the cards changed
  useEffect(recompute, [cards, defaultKey, saved]);

  const codes = countries.map((country) => country.code);
  const nameOf = (code: string) => countries.find((country) => country.code === code)?.name ?? code;
  const defaultIndex = cards.findIndex((card) => card.key === defaultKey);
  const canAdd =
    unusedCountries(
      countries,
      cards.map((card) => card.entry),
    ).length > 0;
  const confirmIndex = cards.findIndex((card) => card.key === confirmKey);
  const shownValues: CompanyFormValues = {
    ...start,
    entries: cards.map((card) => card.entry),
    defaultIndex,
  };
  const summary = orderedErrorNames(shownValues, errors).map((name) => ({
    id: summaryTarget(name),
    message: errors[name],
  }));

  /** A click that JavaScript handles in the page instead of posting. */
  const inPage = (handle: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    handle();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && submitter.value !== "save") return;
    const current = values();
    const found = validateCompanyForm(t, current, codes, rules);
    const icon = (event.currentTarget.elements.namedItem(ICON_FIELD) as HTMLInputElement | null)
      ?.files?.[0];
    if (icon && icon.type !== "image/png")
      found[ICON_FIELD] = t("auth:register.errors.iconInvalidType");
    else if (icon && icon.size > IMAGE_RULES["company-icon"].maxBytes)
      found[ICON_FIELD] = t("auth:register.errors.iconTooBig");
    setErrors(found);
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    const first = firstInvalidEntry(found);
    if (first >= 0) {
      const details = document.getElementById(`company-card-${first}`) as HTMLDetailsElement | null;
      if (details) details.open = true;
    }
  };

  const addCard = () => {
    added += 1;
    const key = `added-${added}`;
    setCards((list) => [...list, { key, entry: emptyEntry() }]);
    setOpenKey(key);
    requestAnimationFrame(() =>
      document.getElementById(fieldId(entryField(cards.length, "countryId")))?.focus(),
    );
  };
  const deleteCard = (key: string) => {
    const index = cards.findIndex((card) => card.key === key);
    setCards((list) => list.filter((card) => card.key !== key));
    setErrors({});
    setConfirmKey(null);
    requestAnimationFrame(() =>
      document
        .getElementById(fieldId(entryField(Math.max(0, index - 1), "companyName")))
        ?.closest("fieldset")
        ?.querySelector("button")
        ?.focus(),
    );
  };
  const chooseCountry = (key: string, countryId: string) =>
    setCards((list) =>
      list.map((card) =>
        card.key === key ? { ...card, entry: { ...card.entry, countryId } } : card,
      ),
    );

  const error = (name: string) => errors[name];
  const optional = (name: string, label: string) =>
    OPTIONAL_FIELDS.includes(name) ? `${label} ${t("auth:register.optional")}` : label;
  const text = (name: string, value: string) => ({
    id: fieldId(name),
    name,
    defaultValue: value,
    error: error(name),
    label: optional(name.replace(/^.*\./, ""), companyFieldLabel(t, name, shownValues)),
  });

  return (
    <section aria-labelledby="company-title" className="max-w-3xl">
      <h2 id="company-title" className="mb-2 text-xl font-bold text-gray-900">
        {t("company.title")}
      </h2>
      <p className="mb-4 text-gray-800">{t("company.intro")}</p>
      {hasAwaitingSubmission ? (
        <p className="mb-4 rounded-md border-2 border-amber-700 bg-amber-50 p-3 font-semibold text-amber-900">
          {t("company.awaiting")}
        </p>
      ) : null}
      {reply?.notice === "unchanged" ? (
        <p
          role="status"
          className="mb-4 rounded-md border-2 border-blue-800 bg-blue-50 p-3 font-semibold text-blue-900"
        >
          {t("company.unchanged")}
        </p>
      ) : null}
      {reply?.failure ? (
        <p
          role="alert"
          className="mb-4 rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
        >
          {reply.failure}
        </p>
      ) : null}
      <ErrorSummary errors={summary} />
      <Form
        ref={formRef}
        method="post"
        action="?tab=company"
        encType="multipart/form-data"
        replace
        preventScrollReset
        noValidate
        onSubmit={onSubmit}
        onInput={recompute}
        onChange={recompute}
        className="space-y-6"
      >
        {/* The form's default button: Enter in a field submits, never adds or deletes. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          disabled={hydrated && !changed}
        />
        <SharedFields start={start} text={text} iconError={error(ICON_FIELD)} />

        <fieldset
          id="company-regional"
          tabIndex={-1}
          className="space-y-4 rounded-lg border border-gray-300 bg-white p-6"
        >
          <legend className="px-1 text-lg font-bold text-gray-900">
            {t("company.regionalLegend")}
          </legend>
          <p className="text-gray-800">{t("company.regionalIntro")}</p>
          {error(DEFAULT_FIELD) ? (
            <p id={`${fieldId(DEFAULT_FIELD)}-error`} className="font-semibold text-red-700">
              {error(DEFAULT_FIELD)}
            </p>
          ) : null}
          {error(LIST_FIELD) ? (
            <p id={`${fieldId(LIST_FIELD)}-error`} className="font-semibold text-red-700">
              {error(LIST_FIELD)}
            </p>
          ) : null}
          {cards.map((card, index) => (
            <RegionalCard
              key={card.key}
              index={index}
              entry={card.entry}
              isDefault={card.key === defaultKey}
              open={
                card.key === openKey ||
                !card.entry.id ||
                (reply !== undefined && index === firstInvalidEntry(errors))
              }
              countryName={card.entry.countryId ? nameOf(card.entry.countryId.toUpperCase()) : ""}
              choices={unusedCountries(
                countries,
                cards.filter((other) => other.key !== card.key).map((other) => other.entry),
              )}
              errors={errors}
              label={(name) => companyFieldLabel(t, name, shownValues)}
              onDefault={() => setDefaultKey(card.key)}
              onCountry={(code) => chooseCountry(card.key, code)}
              onAskDelete={inPage(() => setConfirmKey(card.key))}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              name="intent"
              value="add"
              variant="secondary"
              formNoValidate
              disabled={!canAdd}
              aria-describedby={canAdd ? undefined : "company-all-used"}
              onClick={inPage(addCard)}
            >
              {t("company.add")}
            </Button>
            {canAdd ? null : (
              <p id="company-all-used" className="text-gray-700">
                {t("company.allCountriesUsed")}
              </p>
            )}
          </div>
        </fieldset>

        <Button type="submit" name="intent" value="save" disabled={hydrated && !changed}>
          {t("company.submit")}
        </Button>

        {confirmIndex >= 0 ? (
          <DeleteEntryDialog
            index={confirmIndex}
            country={cardTitle(t, cards[confirmIndex].entry, nameOf)}
            onKeep={inPage(() => setConfirmKey(null))}
            onDelete={inPage(() => deleteCard(cards[confirmIndex].key))}
            onClose={() => setConfirmKey(null)}
          />
        ) : null}
      </Form>
    </section>
  );
}

/** A regional entry's title: its country, or New entry before one is chosen. */
function cardTitle(
  t: (key: string) => string,
  entry: RegionalValues,
  nameOf: (code: string) => string,
) {
  return entry.countryId ? nameOf(entry.countryId.toUpperCase()) : t("company.newEntry");
}
