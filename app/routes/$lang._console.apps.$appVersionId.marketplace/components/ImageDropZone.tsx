/**
 * The box of an image field where files are chosen, with the field's rules beside it. With
 * JavaScript it is a drop zone (files dragged onto it are taken as if chosen) and the native
 * file input, kept in the page visually hidden, is opened by its label drawn as a button;
 * without JavaScript it holds the plain file input, its label and an Upload button.
 */
import type { DragEvent, RefObject } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListingImageKind } from "~/api/apps/rules";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/lib/hydrated";
import { smallButton } from "./image-buttons";

/** The file input's name of each kind, for the form without JavaScript. */
const NAMES: Record<ListingImageKind, string> = {
  icon: "iconFile",
  banner: "bannerFiles",
  screenshot: "screenshotFiles",
};

interface ImageDropZoneProps {
  inputRef: RefObject<HTMLInputElement>;
  /** The file input's id. */
  id: string;
  kind: ListingImageKind;
  hint: string;
  hintId: string;
  describedBy: string;
  invalid: boolean;
  max: number;
  /** The list holds as many images as it may. */
  full: boolean;
  /** An upload is under way. */
  busy: boolean;
  accept: string;
  chooseLabel: string;
  /** What the last change or upload did, for screen readers. */
  status: string;
  onChoose: (files: FileList | null) => void;
}

export function ImageDropZone({
  inputRef,
  id,
  kind,
  hint,
  hintId,
  describedBy,
  invalid,
  max,
  full,
  busy,
  accept,
  chooseLabel,
  status,
  onChoose,
}: ImageDropZoneProps) {
  const { t } = useTranslation("appEditor");
  const hydrated = useHydrated();
  const [dropping, setDropping] = useState(false);
  const single = kind === "icon";
  /** Files dragged from outside the page (not an image of the list being moved). */
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  const zoneEvents = hydrated
    ? {
        onDragEnter: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDropping(true);
        },
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = busy ? "none" : "copy";
          setDropping(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        },
        onDrop: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDropping(false);
          if (!busy) onChoose(event.dataTransfer.files);
        },
      }
    : {};

  return (
    <div className="flex flex-col gap-2">
      <div
        {...zoneEvents}
        className={`flex flex-col gap-3 rounded-lg border-2 border-dashed p-4 sm:flex-row sm:items-center ${
          dropping ? "border-brand-600 bg-brand-50" : "border-gray-400 bg-gray-50"
        }`}
      >
        <Icon
          name="upload"
          className={`hidden h-8 w-8 shrink-0 sm:block ${dropping ? "text-brand-700" : "text-gray-600"}`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {hydrated && !full ? (
            <p className="text-sm font-semibold text-gray-900" aria-hidden="true">
              {t(single ? "images.dropOne" : "images.dropMany")}
            </p>
          ) : null}
          <p id={hintId} className="text-sm text-gray-700">
            {hint}
          </p>
          {full ? <p className="text-sm text-gray-700">{t("images.full", { max })}</p> : null}
        </div>
        <div className={hydrated ? "relative shrink-0" : "flex flex-col gap-2"}>
          {!hydrated ? (
            <label htmlFor={id} className="text-sm font-semibold text-gray-900">
              {chooseLabel}
            </label>
          ) : null}
          <input
            ref={inputRef}
            id={id}
            type="file"
            name={hydrated ? undefined : NAMES[kind]}
            accept={accept}
            multiple={!single}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={busy || full}
            onChange={hydrated ? (event) => onChoose(event.currentTarget.files) : undefined}
            className={
              hydrated
                ? "peer sr-only"
                : "block w-full max-w-md text-sm text-gray-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-400 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-gray-900 hover:file:bg-gray-100"
            }
          />
          {hydrated ? (
            // The input's label, drawn as the button that opens it.
            <label
              htmlFor={id}
              className={`${smallButton} cursor-pointer whitespace-nowrap peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:text-gray-500`}
            >
              {chooseLabel}
            </label>
          ) : null}
        </div>
      </div>
      {!hydrated ? (
        <p>
          <button type="submit" name="intent" value="upload" formNoValidate className={smallButton}>
            {t(`images.${kind}.upload`)}
          </button>
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="text-sm text-gray-700">
        {status}
      </p>
    </div>
  );
}
