/**
 * The function icon of the item dialog's Details tab: the
 * current icon (a preview, kept in the form as hidden `icon.id` / `icon.url` fields, an
 * inline `iconSvg` kept as it is), a box that removes it, and a file input for a new one
 * (`iconFile`: PNG 28 to 65 px, exactly 24x24 for a list item, or SVG where the country
 * allows it; at most 50 KB) with its rules beside it.
 *
 * The file goes with the item's form: the page's action checks it by content and uploads it
 * (app/lib/platform/icon.server.ts). With JavaScript a chosen file is checked here at once
 * (the same rule, by content): a refused one is cleared from the input; a good one shows as
 * the preview. A refusal (here or by the action) stays with its message, kept in the form as
 * `refusedIcon`, and the item is refused with it until another file is chosen, the icon
 * removed, or the box 'Leave the refused file out' ticked (`dropRefusedIcon`): a save never
 * goes on without the icon the person chose unless they say so.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_RULES } from "~/api/files/rules";
import type { ActionType, FunctionIcon } from "~/api/schema/schemas";

import { platformRuleMessage } from "~/forms/platform-common";
import {
  DROP_REFUSED_ICON,
  functionIconRule,
  ICON_FILE,
  REFUSED_ICON,
  REMOVE_ICON,
} from "~/forms/platform-item";
import { inputClass } from "~/lib/ui-classes";

const ICON_PIXELS = { min: 28, max: 65, listItem: 24 } as const;

interface IconFieldProps {
  /** The file input's id (the error summary links to it). */
  id: string;
  icon?: FunctionIcon | null;
  iconSvg?: string | null;
  actionType: ActionType;
  allowSvg: boolean;
  /** The form's message for the file (the action's check or the provider's). */
  error?: string;
  /** The rule a file chosen before broke, as the form came back from the action. */
  refused?: string;
  /** The action's last answer: a new one starts the field again from what it says. */
  answer?: unknown;
}

/** An address the preview may show: the provider's http(s) address of an uploaded icon. */
const shownUrl = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

export function IconField({
  id,
  icon,
  iconSvg,
  actionType,
  allowSvg,
  error,
  refused,
  answer,
}: IconFieldProps) {
  const { t } = useTranslation("platform");
  const input = useRef<HTMLInputElement>(null);
  /** The rule the file chosen here broke. */
  const [localRule, setLocalRule] = useState<string | undefined>();
  /** A file was chosen here since the form came back (it replaces a refusal of the action). */
  const [chosen, setChosen] = useState(false);
  const [dropped, setDropped] = useState(false);
  const [picked, setPicked] = useState<string | undefined>();
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    setLocalRule(undefined);
    setChosen(false);
    setDropped(false);
  }
  // The action has the file chosen before its answer (uploaded, or its rule kept as `refusedIcon`): it is not sent again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer of the action, which it does not read
  useEffect(() => {
    if (input.current) input.current.value = "";
    setPicked(undefined);
  }, [answer]);
  const listItem = actionType === "list-item";
  const standing = localRule ?? (chosen ? undefined : refused);
  const message = dropped
    ? undefined
    : localRule
      ? platformRuleMessage(t, localRule, ICON_FILE)
      : chosen
        ? undefined
        : error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const preview = picked ?? shownUrl(icon?.url ?? undefined);

  const choose = async (file: File | undefined) => {
    setPicked(undefined);
    setLocalRule(undefined);
    setDropped(false);
    if (!file) return;
    setChosen(true);
    const bytes = new Uint8Array(
      await file.slice(0, IMAGE_RULES["function-icon"].maxBytes + 1).arrayBuffer(),
    );
    const broken = functionIconRule(bytes, file.size, { actionType, allowSvg });
    if (broken) {
      setLocalRule(broken);
      if (input.current) input.current.value = "";
      return;
    }
    setPicked(URL.createObjectURL(file));
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-gray-900">{t("item.icon")}</legend>
      {icon?.id ? (
        <>
          <input type="hidden" name="icon.id" value={icon.id} />
          <input type="hidden" name="icon.url" value={icon.url} />
        </>
      ) : null}
      {iconSvg ? <input type="hidden" name="iconSvg" value={iconSvg} /> : null}
      {preview ? (
        <p className="flex items-center gap-3">
          <img
            src={preview}
            alt={t("item.iconPreview")}
            width={listItem ? ICON_PIXELS.listItem : 40}
            height={listItem ? ICON_PIXELS.listItem : 40}
            className="rounded border border-gray-300 bg-white object-contain"
          />
          {picked ? <span className="text-sm text-gray-700">{t("item.iconPicked")}</span> : null}
        </p>
      ) : iconSvg ? (
        <p className="text-sm text-gray-700">{t("item.iconSvgKept")}</p>
      ) : null}
      {icon?.id || iconSvg ? (
        <label htmlFor={`${id}-remove`} className="flex min-h-11 items-center gap-2 text-gray-900">
          <input id={`${id}-remove`} type="checkbox" name={REMOVE_ICON} className="h-5 w-5" />
          {t("item.iconRemove")}
        </label>
      ) : null}
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {t(icon?.id || iconSvg ? "item.iconReplace" : "item.iconChoose")}
      </label>
      <p id={hintId} className="text-sm text-gray-600">
        {t(listItem ? "item.iconHintListItem" : allowSvg ? "item.iconHintSvg" : "item.iconHint", {
          min: ICON_PIXELS.min,
          max: ICON_PIXELS.max,
          size: ICON_PIXELS.listItem,
        })}
      </p>
      {message ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {message}
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        name={ICON_FILE}
        accept={allowSvg ? "image/png,image/svg+xml" : "image/png"}
        aria-invalid={Boolean(message)}
        aria-describedby={[message ? errorId : null, hintId].filter(Boolean).join(" ")}
        onChange={(event) => void choose(event.target.files?.[0])}
        className={inputClass(message)}
      />
      {standing ? (
        <>
          <input type="hidden" name={REFUSED_ICON} value={standing} />
          <label htmlFor={`${id}-drop`} className="flex min-h-11 items-center gap-2 text-gray-900">
            <input
              key={standing}
              id={`${id}-drop`}
              type="checkbox"
              name={DROP_REFUSED_ICON}
              onChange={(event) => setDropped(event.target.checked)}
              className="h-5 w-5"
            />
            {t("item.iconDropRefused")}
          </label>
        </>
      ) : null}
    </fieldset>
  );
}
