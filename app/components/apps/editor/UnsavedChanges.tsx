/**
 * Leaving a form with unsaved changes asks 'There are unsaved changes. Exit without saving?',
 * with JavaScript: a confirm dialog (Yes, No) for the console's
 * own links and the browser's prompt (beforeunload) for reloads, other sites and new
 * addresses. Not asked when moving between the app's own pages (`siblings`), when the form
 * posts to its page, when only the query changes (a dialog of the page), nor after a
 * successful save (the page comes back with the saved values: `resetKey` changes and the
 * form is clean again; redirects are never blocked), nor for a link to a file that comes as an
 * attachment (its onClick is `followingFileLink`: the page stays).
 *
 * 'Changed' compares the form's fields with what they held when the page was shown, so
 * undoing an edit makes the form clean again. Call `recheck()` after changes the browser
 * does not report as input (images added, moved or removed by script).
 */
import { useBeforeUnload, useBlocker } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";

/** What a form holds, as text: files by name and size; the submit intent left out. */
export function formSnapshot(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [key, value] of new FormData(form).entries()) {
    if (key === "intent") continue;
    entries.push(
      `${key}=${typeof value === "string" ? value : value.size > 0 ? `${value.name}:${value.size}` : ""}`,
    );
  }
  return JSON.stringify(entries);
}

interface Options {
  /** Changes when the page shows newly saved values. */
  resetKey: unknown;
  /** Paths the user may move to without being asked (the app's details and marketplace pages). */
  siblings: readonly string[];
  /** False when the form cannot be changed (nothing to lose). */
  enabled?: boolean;
}

export function useUnsavedChanges(
  form: RefObject<HTMLFormElement | null>,
  { resetKey, siblings, enabled = true }: Options,
) {
  const snapshot = useRef<string | null>(null);
  const dirtyRef = useRef(false);
  const [dirty, setDirty] = useState(false);

  const update = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  }, []);

  const recheck = useCallback(() => {
    const element = form.current;
    if (!element || snapshot.current === null) return;
    update(enabled && formSnapshot(element) !== snapshot.current);
  }, [form, enabled, update]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey changes at each successful save, which takes a new snapshot
  useEffect(() => {
    // After the fields of the page took their values (and after each successful save).
    const element = form.current;
    snapshot.current = element ? formSnapshot(element) : null;
    update(false);
  }, [form, resetKey, update]);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.addEventListener("input", recheck);
    element.addEventListener("change", recheck);
    return () => {
      element.removeEventListener("input", recheck);
      element.removeEventListener("change", recheck);
    };
  }, [form, recheck]);

  const dialog = useLeaveGuard(dirtyRef, { siblings, onLeave: () => update(false) });

  return { dirty, recheck, dialog };
}

/** When a link to a file was last followed: the file comes as an attachment and the page stays, so it is no leave. */
let fileLinkFollowedAt = Number.NEGATIVE_INFINITY;

/** The onClick of a link to a file served as an attachment (a download): the browser's leave prompt does not ask for it. */
export function followingFileLink() {
  fileLinkFollowedAt = Date.now();
}

/**
 * Asks 'There are unsaved changes. Exit without saving?' before the page is left while
 * `dirty.current` holds (a console link: a confirm dialog; a reload or another address: the
 * browser's prompt). Moving to `siblings` or within the page (its query) is not asked;
 * redirects are never blocked. Answers the dialog to render; `onLeave` runs on Yes.
 */
export function useLeaveGuard(
  dirty: RefObject<boolean>,
  { siblings = [], onLeave }: { siblings?: readonly string[]; onLeave?: () => void } = {},
) {
  const { t } = useTranslation("appEditor");
  const siblingKey = siblings.join("\n");
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) =>
        Boolean(dirty.current) &&
        nextLocation.pathname !== currentLocation.pathname &&
        !siblingKey.split("\n").includes(nextLocation.pathname),
      [dirty, siblingKey],
    ),
  );

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty.current || Date.now() - fileLinkFollowedAt < 1_000) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = "";
      },
      [dirty],
    ),
  );

  const blocked = blocker.state === "blocked";
  const reset = useCallback(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);

  return blocked ? (
    <Modal
      open
      alert
      title={t("unsaved.title")}
      describedBy="unsaved-changes-message"
      onClose={reset}
    >
      <p id="unsaved-changes-message">{t("unsaved.message")}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={reset} autoFocus>
          {t("unsaved.no")}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onLeave?.();
            blocker.proceed?.();
          }}
        >
          {t("unsaved.yes")}
        </Button>
      </div>
    </Modal>
  ) : null;
}
