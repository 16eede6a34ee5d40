/** Writes docs/openapi.json, the published contract (`npm run openapi`). */
import { writeFileSync } from "node:fs";
import { PUBLISHED_FILE, publishedText } from "./document";

writeFileSync(PUBLISHED_FILE, publishedText());
console.log(`wrote ${PUBLISHED_FILE}`);
