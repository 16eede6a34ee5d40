/**
 * Where uploaded bytes live. The API keeps metadata in the `files` table and the bytes here,
 * under a key the server generates (never the user's file name).
 *
 * The disk store writes under one root folder (DATA_DIR/files): a write goes to a temporary
 * file in the target folder, is flushed, then renamed into place, so a reader never sees half
 * a file and a crash leaves at most a stray temporary file.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

export interface FileStore {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys are slash-separated segments of letters, digits, '-' and '_' (e.g. `ab/ab12…`). */
const keyPattern = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function createDiskFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    if (!keyPattern.test(key) || key.length > 200)
      throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
    const full = path.join(base, ...key.split("/"));
    // The pattern already rules out '..' and absolute paths; this is a second guard.
    if (!full.startsWith(base + path.sep))
      throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
    return full;
  }

  return {
    async put(key, data) {
      const target = pathOf(key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const temp = path.join(
        dir,
        `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`,
      );
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        const buffer = await readFile(pathOf(key));
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
