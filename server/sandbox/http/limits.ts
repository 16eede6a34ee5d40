/**
 * Body size limits of the API. A body over its limit is answered 413, but only after the
 * rest of it is read and thrown away (up to a cap): a client that is still sending would
 * otherwise find the connection closed under it and never read the answer.
 */
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

/** Past this many bytes a refused body is not read any further: the connection is closed. */
const DISCARD_CAP = 64 * 1024 * 1024;

async function discardBody(c: Context) {
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DISCARD_CAP) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** A middleware answering 413 with `detail` (naming `field`) for a body over `maxSize` bytes. */
export function limitBody(maxSize: number, detail: string, field: string) {
  return bodyLimit({
    maxSize,
    onError: async (c) => {
      await discardBody(c);
      throw new ApiError(413, detail, { field });
    },
  });
}
