/**
 * An image field of the listing: the app icon (one), banners or
 * screenshots (at most 8 each), with previews of the current images ('can't display
 * image' on a broken one), Remove, and Move up / Move down for lists (the button
 * alternative to dragging, WCAG 2.5.7), and a file input in the same form, in a box with
 * the field's rules (type, pixel size, bytes) beside it.
 *
 * With JavaScript the box is a drop zone: files dragged onto it are taken as if chosen, and
 * the native file input, kept in the page (visually hidden, focusable, named by its label),
 * is opened by its label drawn as a button; focus on the input shows on that button.
 * Without JavaScript the box holds the plain file input with its label and the rules.
 *
 * Without JavaScript the chosen files go with the form: Upload (or Save) checks and uploads
 * them, and Remove / Move are submit buttons (`intent=remove:banners:2`) that come back with
 * the images changed; nothing is saved until Save. With JavaScript the files are checked in
 * the browser as soon as they are chosen (the spec's messages at once) and uploaded by a
 * fetcher of the page, for an instant preview; Remove, Move and dragging change the list in
 * place. Either way the form holds the list as hidden fields (`promo.banners[0].id`), so one
 * Save sends it.
 */
import { useFetcher } from "@remix-run/react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListingImageKind, RuleKey } from "~/api/apps/rules";
import type { ImageRef } from "~/api/apps/schemas";
import { ListingImage } from "~/components/apps/editor/ListingImage";
import { fieldMessage, type ImageField as ImageFieldName } from "~/forms/app-editor";
import { checkImage, maxBytes } from "~/lib/apps/image-check";
import { useHydrated } from "~/lib/hydrated";
import type { UploadAnswer } from "../upload.server";
import { ImageDropZone } from "./ImageDropZone";
import { smallButton } from "./image-buttons";

/** The name of the hidden fields of each image field. */
const NAMES: Record<ListingImageKind, { list: "appIcon" | "banners" | "screenshots" }> = {
  icon: { list: "appIcon" },
  banner: { list: "banners" },
  screenshot: { list: "screenshots" },
};

interface ImageFieldProps {
  /** The field's id (the file input's): the error summary links to it. */
  id: string;
  name: ImageFieldName;
  kind: ListingImageKind;
  label: string;
  hint: string;
  images: ImageRef[];
  onChange: (images: ImageRef[]) => void;
  /** Messages of the form (the browser's checks and the server's). */
  errors?: string[];
  max: number;
  allowSvg: boolean;
  editable: boolean;
}

export function ImageField({
  id,
  name,
  kind,
  label,
  hint,
  images,
  onChange,
  errors = [],
  max,
  allowSvg,
  editable,
}: ImageFieldProps) {
  const { t, i18n } = useTranslation("appEditor");
  const hydrated = useHydrated();
  const fetcher = useFetcher<UploadAnswer>();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [localErrors, setLocalErrors] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const names = NAMES[kind];
  const single = kind === "icon";
  const accept =
    kind === "screenshot"
      ? "image/png,image/jpeg"
      : allowSvg
        ? "image/png,image/svg+xml"
        : "image/png";
  const shownErrors = [...errors, ...localErrors];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const itemName = (index: number) =>
    t(`images.${kind}.item`, { number: index + 1, total: images.length });

  // The answer of an upload: the new images join the list; refused files say why.
  const handled = useRef<UploadAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (
      fetcher.state !== "idle" ||
      !answer ||
      handled.current === answer ||
      answer.intent !== "upload-files"
    )
      return;
    handled.current = answer;
    if (answer.images.length > 0)
      onChange(single ? answer.images.slice(-1) : [...images, ...answer.images]);
    const messages = [
      ...answer.errors,
      ...(answer.apiError
        ? [answer.apiError.detail ?? t("common:errors.fallback.savingData")]
        : []),
    ];
    setLocalErrors((before) => [...before, ...messages]);
    setStatus(t("images.uploaded", { count: answer.images.length }));
  }, [fetcher.state, fetcher.data, images, single, onChange, t]);

  // After a move or a removal, focus stays with the image (or goes to the file input).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the changed images are in the list
  useEffect(() => {
    if (!focusAfter) return;
    const target =
      focusAfter === "input"
        ? input.current
        : list.current?.querySelector<HTMLElement>(`[data-focus="${focusAfter}"]`);
    (target ?? input.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, images]);

  const refused = (file: File, key: RuleKey) =>
    t("images.fileRefused", {
      file: file.name,
      message: fieldMessage(t, i18n.language, name, key),
    });

  /** With JS: check the chosen files here, then upload the good ones. */
  const choose = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const messages: string[] = [];
    const good: File[] = [];
    const room = single ? 1 : max - images.length;
    for (const file of Array.from(files)) {
      if (good.length >= room) {
        messages.push(refused(file, "tooMany"));
        continue;
      }
      const bytes = new Uint8Array(await file.slice(0, maxBytes(kind) + 1).arrayBuffer());
      const problem = checkImage(kind, bytes, file.size, { allowSvg });
      if (problem) messages.push(refused(file, problem));
      else good.push(file);
    }
    setLocalErrors(messages);
    if (input.current) input.current.value = "";
    if (good.length === 0) {
      setStatus(messages.length > 0 ? t("images.noneUploaded") : "");
      return;
    }
    const body = new FormData();
    body.append("intent", "upload-files");
    body.append("kind", kind);
    for (const file of good) body.append("files", file, file.name);
    setStatus(t("images.uploading", { count: good.length }));
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next);
    setStatus(
      t("images.moved", {
        name: t(`images.${kind}.item`, { number: to + 1, total: images.length }),
      }),
    );
  };

  const remove = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    onChange(next);
    setStatus(t("images.removed", { name: itemName(index) }));
    setFocusAfter(next.length === 0 ? "input" : `remove-${Math.min(index, next.length - 1)}`);
  };

  /** A button that changes the list: in place with JS, a submit of the form without. */
  const listButton = (
    label: string,
    item: string,
    intent: string,
    onClick: () => void,
    focusKey: string,
    disabled = false,
  ) => (
    <button
      type={hydrated ? "button" : "submit"}
      name={hydrated ? undefined : "intent"}
      value={hydrated ? undefined : intent}
      formNoValidate
      data-focus={focusKey}
      disabled={disabled}
      onClick={hydrated ? onClick : undefined}
      className={smallButton}
    >
      {label}
      <span className="sr-only"> {item}</span>
    </button>
  );

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  const busy = fetcher.state !== "idle";
  const full = !single && images.length >= max;
  const chooseLabel = t(
    single
      ? images.length > 0
        ? "images.replaceFile"
        : "images.chooseFile"
      : "images.chooseFiles",
  );
  const describedBy = [shownErrors.length > 0 ? errorId : null, hintId].filter(Boolean).join(" ");
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy}>
      <legend className="text-base font-bold text-gray-900">{label}</legend>
      {!editable ? (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {shownErrors.length > 0 ? (
        <ul id={errorId} className="flex flex-col gap-1 text-sm font-semibold text-red-700">
          {shownErrors.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; the items hold no state
            <li key={`${index}-${message}`}>{message}</li>
          ))}
        </ul>
      ) : null}

      {images.length > 0 ? (
        <ol ref={list} className={single ? "flex" : "grid gap-3 sm:grid-cols-2"}>
          {images.map((image, index) => (
            <li
              key={image.id}
              draggable={hydrated && editable && !single}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              className={`flex flex-col gap-2 rounded-md border border-gray-300 bg-white p-2 ${dragged === index ? "opacity-50" : ""}`}
            >
              {single ? (
                <>
                  <input type="hidden" name="promo.appIcon.id" value={image.id} />
                  <input type="hidden" name="promo.appIcon.url" value={image.url} />
                </>
              ) : (
                <>
                  <input type="hidden" name={`promo.${names.list}[${index}].id`} value={image.id} />
                  <input
                    type="hidden"
                    name={`promo.${names.list}[${index}].url`}
                    value={image.url}
                  />
                </>
              )}
              <ListingImage
                url={image.url}
                alt={itemName(index)}
                className={
                  single
                    ? "h-32 w-32 rounded-md object-cover"
                    : "aspect-[1410/480] w-full rounded-md object-cover"
                }
                brokenClassName={single ? "h-32 w-32" : "aspect-[1410/480] w-full"}
              />
              {editable ? (
                <div className="flex flex-wrap gap-2">
                  {!single ? (
                    <>
                      {listButton(
                        t("images.moveUp"),
                        itemName(index),
                        `up:${names.list}:${index}`,
                        () => move(index, index - 1),
                        `up-${index}`,
                        index === 0,
                      )}
                      {listButton(
                        t("images.moveDown"),
                        itemName(index),
                        `down:${names.list}:${index}`,
                        () => move(index, index + 1),
                        `down-${index}`,
                        index === images.length - 1,
                      )}
                    </>
                  ) : null}
                  {listButton(
                    t("images.remove"),
                    itemName(index),
                    single ? "remove:appIcon" : `remove:${names.list}:${index}`,
                    () => remove(index),
                    `remove-${index}`,
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-gray-700">{t(`images.${kind}.none`)}</p>
      )}

      {editable ? (
        <ImageDropZone
          inputRef={input}
          id={id}
          kind={kind}
          hint={hint}
          hintId={hintId}
          describedBy={describedBy}
          invalid={shownErrors.length > 0}
          max={max}
          full={full}
          busy={busy}
          accept={accept}
          chooseLabel={chooseLabel}
          status={status}
          onChoose={(files) => void choose(files)}
        />
      ) : null}
    </fieldset>
  );
}
