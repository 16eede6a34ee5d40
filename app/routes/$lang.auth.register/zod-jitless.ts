/**
 * zod 4 probes for `new Function` (to compile fast parsers) the first time it builds an
 * object schema. The probe is caught, but under the console's CSP (no 'unsafe-eval') the
 * browser still reports a violation. `jitless` skips the probe. The schema module imports
 * this first, so it runs before any schema of this page is built; only in the browser, so
 * the server keeps zod's fast path. (An app-wide `z.config({ jitless: true })` in
 * entry.client.tsx would cover every page.)
 */
import { z } from "zod";

/** Referenced by schema.ts so the bundler keeps this module (the package has no side effects). */
export const JITLESS = typeof document !== "undefined" ? Boolean(z.config({ jitless: true }).jitless) : false;
