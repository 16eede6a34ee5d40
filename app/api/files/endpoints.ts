/**
 * Uploads and downloads. Each upload is one
 * multipart field `file`, checked by its content for what it is for (rules.ts).
 */
import * as z from "zod";
import { endpoint, lookup, MULTIPART, rawAnswer } from "../endpoint";
import { IMAGE_PURPOSES } from "./rules";
import { uploadedFile } from "./schemas";

const imageQuery = z.object({
  purpose: z
    .enum(IMAGE_PURPOSES, { error: `must be one of ${IMAGE_PURPOSES.join(", ")}` })
    .optional(),
  /** A function icon of a list item (exactly 24x24). */
  listItem: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});

/** What an image's content can be refused for, whatever it is uploaded to. */
const IMAGE_REFUSALS = [
  "imageSizeInvalid",
  "imageTypeInvalid",
  "noContent",
  "sizeGreater400KB",
  "sizeGreater50KB",
  "sizeGreater800KB",
] as const;

/** A document (0) or a data-flow diagram (1): a PDF. */
export const uploadDocument = endpoint({
  method: "POST",
  created: true,
  path: "files",
  query: z.object({
    fileType: z.enum(["0", "1"], { error: "must be 0 (document) or 1 (data-flow diagram)" }),
  }),
  body: MULTIPART,
  refusals: { 400: ["mustBePdf", "noContent", "tooBig"] },
  answer: uploadedFile,
});

/** An image for a purpose (or any image when none is given). */
export const uploadImage = endpoint({
  method: "POST",
  created: true,
  path: "images",
  query: imageQuery,
  body: MULTIPART,
  refusals: { 400: IMAGE_REFUSALS },
  answer: uploadedFile,
});

/** An image of an entity of the company (itself, a regional entity, an app group or version). */
export const uploadEntityImage = endpoint({
  method: "POST",
  created: true,
  path: "images/entities/:id",
  query: imageQuery,
  body: MULTIPART,
  refusals: { 400: IMAGE_REFUSALS, 404: true },
  answer: uploadedFile,
});

/** A document's bytes, to its company only. */
export const downloadFile = lookup("files/:id/download", rawAnswer);

/** An image's bytes: public under its unguessable id. */
export const getImage = lookup("images/:id", rawAnswer, { public: true });
