/** Wire shapes of uploads (`files` and `images`). */
import * as z from "zod";

/** The answer of every upload (201): where the file is now, and what was kept of it. */
export const uploadedFile = z.object({
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
