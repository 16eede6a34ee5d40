/**
 * zod compiles object parsers with `new Function` when it can; the console's CSP forbids
 * eval, so in the browser it runs without that optimisation. Imported first by entry.client.
 */
import { z } from "zod";

z.config({ jitless: true });
