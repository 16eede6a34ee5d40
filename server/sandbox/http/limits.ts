/**
 * Body size limits of the API. A body over its limit is answered 413 as soon as the limit is
 * passed: at once when its declared length is over, or when the bytes read of a chunked body
 * go over; nothing more of it is read for the answer. After the answer is written, the
 * server adapter (@hono/node-server) reads on for at most half a second (and 64 MB), so that
 * a client still sending its body gets to read the answer, then closes the connection of a
 * body that has not ended (tests/integration/body-limits.test.ts).
 *
 * The answer does not say `Connection: close`: Node would then close the connection the
 * moment the answer is written, and a client still sending (fetch) would see a broken pipe
 * instead of the 413.
 */
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

/** A middleware answering 413 with `detail` (naming `field`) for a body over `maxSize` bytes. */
export function limitBody(maxSize: number, detail: string, field: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, detail, { field });
    },
  });
}
