/**
 * Uploaded files: the bytes are in the file store, a row here names and sizes them.
 */
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ownedBy } from "./columns";
import { companies } from "./companies";

export const files = pgTable(
  "files",
  {
    id: id(),
    companyId: ownedBy("company_id", () => companies.id),
    uploadedById: uuid("uploaded_by_id"),
    /** 'document' (fileType 0), 'diagram' (fileType 1) or 'image'. */
    kind: text("kind").notNull(),
    /** For images attached to an entity (images/entities/{id}). */
    entityId: text("entity_id"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: integer("file_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Path under DATA_DIR/files. */
    storageKey: text("storage_key").notNull(),
    /** Images are served to anyone who knows the id; documents only to their company. */
    isPublic: boolean("is_public").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId)],
);

/** A file a row points at: required; the file stays while anything points at it. */
export const fileRef = () =>
  uuid("file_id")
    .notNull()
    .references(() => files.id);
