/**
 * The one storage interface for files: uploaded safety concern letters, CSV exports and anything else too large
 * or too sensitive to pass around whole. Both stores stream in and out in chunks, so a 50 MB export never sits in
 * memory. Chosen by configuration: PostgreSQL (sql/0016, the default, so backups and replicas need nothing
 * more) or a directory named by STORAGE_DIR (an absolute path outside the server's working directory, e.g. a
 * mounted volume or an object-store gateway). A file is readable only once its writer finished: a crash half-way
 * leaves an incomplete file that `get` answers as missing, `put` under the same key replaces, and the daily
 * cleanup deletes once nothing was written to it for INCOMPLETE_GRACE_MS (`prune`).
 *
 * Keys are chosen by the caller (e.g. `exports/42.csv`, `safety-letters/7/<uuid>.pdf`) and never come from a
 * request; they are checked anyway, so a key can never escape the directory.
 */
import type { Kysely } from "kysely";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { DB } from "../db/types.ts";

export interface StoredFile {
  contentType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface Storage {
  /** Writes (or replaces) the file at `key` from a stream or bytes; resolves with its size once complete. */
  put(key: string, body: ReadableStream<Uint8Array> | Uint8Array, contentType: string): Promise<number>;
  /** The complete file at `key`, streamed, or null. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes the incomplete files (a failed upload, a crashed writer) nothing was written to since `before`, with
   * their bytes; answers how many. A writer still writing touches its file with every chunk, so it is kept.
   */
  prune(before: Date): Promise<number>;
}

/**
 * How long an incomplete file is left alone after its last write before the cleanup deletes it: far longer than
 * any pause between two chunks of a live writer (an upload, an export streamed from the database).
 */
export const INCOMPLETE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Bytes per stored chunk: large enough that a row's overhead is noise, small enough to keep memory flat. */
export const CHUNK_BYTES = 256 * 1024;

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Re-cuts a stream of any chunk sizes into chunks of exactly `size` bytes (the last one shorter). */
export async function* rechunk(
  body: ReadableStream<Uint8Array> | Uint8Array,
  size = CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
    return;
  }
  let buffer = new Uint8Array(size);
  let filled = 0;
  for await (const piece of body) {
    let at = 0;
    while (at < piece.length) {
      const take = Math.min(size - filled, piece.length - at);
      buffer.set(piece.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === size) {
        yield buffer;
        buffer = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield buffer.subarray(0, filled);
}

/**
 * Files as chunk rows in PostgreSQL (or PGlite). `now` is the server's clock: each write notes it in written_at.
 */
export function databaseStorage(db: Kysely<DB>, now: () => Date): Storage {
  return {
    async put(key, body, contentType) {
      checkKey(key);
      // Start over: an earlier incomplete (or complete) file under this key is replaced.
      await db.deleteFrom("stored_files").where("key", "=", key).execute();
      await db.insertInto("stored_files").values({ key, content_type: contentType, written_at: now() })
        .execute();
      let seq = 0, size = 0;
      for await (const chunk of rechunk(body)) {
        // The chunk and the file's written_at in one statement: a live writer's file is never idle for long.
        await db.with(
          "chunk",
          (db) =>
            db.insertInto("stored_file_chunks").values({ key, seq: seq++, bytes: chunk }).returning("seq"),
        )
          .updateTable("stored_files").set({ written_at: now() }).where("key", "=", key).execute();
        size += chunk.length;
      }
      await db.updateTable("stored_files").set({ byte_size: size, complete: true, written_at: now() })
        .where("key", "=", key).execute();
      return size;
    },

    async get(key) {
      checkKey(key);
      const file = await db.selectFrom("stored_files").select(["content_type", "byte_size"])
        .where("key", "=", key).where("complete", "=", true).executeTakeFirst();
      if (!file) return null;
      let seq = 0;
      const body = new ReadableStream<Uint8Array>({
        // One chunk per pull: the reader's pace decides how much is in memory.
        async pull(controller) {
          const row = await db.selectFrom("stored_file_chunks").select("bytes")
            .where("key", "=", key).where("seq", "=", seq++).executeTakeFirst();
          if (row) controller.enqueue(row.bytes);
          else controller.close();
        },
      });
      return { contentType: file.content_type, size: Number(file.byte_size), body };
    },

    async delete(key) {
      checkKey(key);
      await db.deleteFrom("stored_files").where("key", "=", key).execute();
    },

    async prune(before) {
      // Its chunks go with it (on delete cascade, sql/0016).
      const result = await db.deleteFrom("stored_files").where("complete", "=", false)
        .where("written_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** A directory store's file being written: `<key>.<uuid>.partial`, renamed to `<key>` when complete. */
const PARTIAL = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.partial$/;

/**
 * Files in a directory. A file is written under a temporary name and renamed when complete, and its content type
 * sits beside it in `<file>.type`. While it is written, its modification time is set from `now` (the server's
 * clock) with each chunk, as the database store's written_at.
 */
export function directoryStorage(root: string, now: () => Date): Storage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await Deno.mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${crypto.randomUUID()}.partial`;
      let size = 0;
      const file = await Deno.open(partial, { write: true, create: true, truncate: true });
      const touch = () => file.utime(now(), now());
      try {
        await touch();
        for await (const chunk of rechunk(body)) {
          let written = 0;
          while (written < chunk.length) written += await file.write(chunk.subarray(written));
          size += chunk.length;
          await touch();
        }
      } catch (error) {
        file.close();
        await Deno.remove(partial).catch(() => {});
        throw error;
      }
      file.close();
      await Deno.writeTextFile(`${path}.type`, contentType);
      await Deno.rename(partial, path);
      return size;
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const [info, contentType] = await Promise.all([Deno.stat(path), Deno.readTextFile(`${path}.type`)]);
        const file = await Deno.open(path, { read: true });
        return { contentType, size: info.size, body: file.readable };
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      for (const p of [path, `${path}.type`]) await removeIfThere(p);
    },

    async prune(before) {
      // A partial file's modification time is its writer's last write (set from `now`, see put).
      let pruned = 0;
      for await (const path of partialFiles(root)) {
        // Gone already: its writer finished (renamed it) or failed (removed it) since the listing.
        const mtime = await Deno.stat(path).then((info) => info.mtime, () => null);
        if (mtime && mtime < before && await removeIfThere(path)) pruned++;
      }
      return pruned;
    },
  };
}

/** Removes a file; false when it was not there (another process's cleanup, or a writer that just finished). */
async function removeIfThere(path: string): Promise<boolean> {
  try {
    await Deno.remove(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** The partial files anywhere under `dir` (none when it does not exist yet: nothing was ever written). */
async function* partialFiles(dir: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* partialFiles(path);
    else if (entry.isFile && PARTIAL.test(entry.name)) yield path;
  }
}

/**
 * STORAGE_DIR's directory, refused when it is relative or inside the server's working directory (where a
 * deploy would wipe it and a misconfigured static server could expose it).
 */
export function checkStorageDir(dir: string, cwd = Deno.cwd()): string {
  if (!isAbsolute(dir)) throw new Error("STORAGE_DIR must be an absolute path");
  const rel = relative(resolve(cwd), resolve(dir));
  if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) {
    throw new Error("STORAGE_DIR must be outside the server's working directory");
  }
  return resolve(dir);
}

export function createStorage(db: Kysely<DB>, storageDir: string | undefined, now: () => Date): Storage {
  return storageDir ? directoryStorage(checkStorageDir(storageDir), now) : databaseStorage(db, now);
}

/** The whole file as bytes: for small files only (a letter to attach to an e-mail), and for tests. */
export async function readAll(file: StoredFile): Promise<Uint8Array> {
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}
