/**
 * The end of an editor form: Save, and while the form differs from what is saved, 'Unsaved
 * changes' with Discard. With JavaScript the bar stays in view at the bottom of the window
 * while there is something to save; without it, it is a plain bar at the end of the form
 * (Discard shows when the page holds a kept draft: app/lib/apps/drafts.server.ts).
 *
 * Also here: the notice of kept drafts, and the rule that the tabs' and Discard's posts
 * (`formNoValidate` buttons) are sent as typed, without the form's checks.
 */
import { useNavigation } from "@remix-run/react";
import { type FormEvent, type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";

/** Kept drafts of the version: on this page, and on its other page. */
export interface DraftState {
  here: boolean;
  other: boolean;
}

/** True when the form was sent by a button that skips the checks (a tab, Discard). */
export function sentUnchecked(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement && submitter.formNoValidate;
}

/** A save of the page's form is under way (not a move to the other tab, nor Discard). */
export function useSaving(): boolean {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent") ?? "save";
  return (
    navigation.state === "submitting" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    intent === "save"
  );
}

/**
 * A counter for the form's React key: Discard of changes that exist only in the page (no
 * kept draft) shows the saved values again by drawing the form anew.
 */
export function useDiscardGeneration() {
  const [generation, setGeneration] = useState(0);
  return { generation, discarded: () => setGeneration((value) => value + 1) };
}

export function SaveBar({
  editable,
  busy,
  dirty,
  draft,
  onDiscard,
}: {
  editable: boolean;
  /** Save is disabled (a save or an upload under way). */
  busy: boolean;
  /** The form differs from what it was shown with (JS only). */
  dirty: boolean;
  draft?: DraftState;
  /** Discard of changes that exist only in the page. */
  onDiscard: () => void;
}) {
  const { t } = useTranslation("appEditor");
  const saving = useSaving();
  if (!editable) return null;
  const changed = dirty || Boolean(draft?.here);
  const discard = (event: MouseEvent<HTMLButtonElement>) => {
    // Only a kept draft needs the server; changes of this page alone are dropped here.
    if (draft?.here) return;
    event.preventDefault();
    onDiscard();
  };
  return (
    <div
      className={`${changed ? "sticky bottom-0 z-20 border-brand-600" : "border-gray-300"} flex flex-wrap items-center justify-end gap-3 rounded-lg border-2 bg-white p-4 shadow-lg`}
    >
      <p role="status" className="mr-auto text-sm font-semibold text-gray-900">
        {changed ? t("saveBar.unsaved") : null}
      </p>
      {changed ? (
        <Button
          variant="secondary"
          type="submit"
          name="intent"
          value="discard"
          formNoValidate
          onClick={discard}
        >
          {t("actions.discard")}
        </Button>
      ) : null}
      <Button type="submit" name="intent" value="save" disabled={busy}>
        {saving ? t("actions.saving") : t("actions.save")}
      </Button>
    </div>
  );
}

/** Says which of the version's pages hold changes kept but not saved. */
export function DraftNotice({
  draft,
  otherPage,
}: {
  draft?: DraftState;
  otherPage: "details" | "marketplace";
}) {
  const { t } = useTranslation("appEditor");
  if (!draft?.here && !draft?.other) return null;
  return (
    <div className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
      {draft.here ? <p>{t("draft.here")}</p> : null}
      {draft.other ? <p>{t("draft.other", { page: t(`tabs.${otherPage}`) })}</p> : null}
    </div>
  );
}
