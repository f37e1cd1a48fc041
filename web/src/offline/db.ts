/**
 * The offline storage (IndexedDB through idb): one database per signed-in user, `apca-user-<id>`, and one
 * small shared database, `apca-offline`, that remembers who was last signed in so a cold start without a
 * signal (and the service worker's Background Sync) knows whose data to open.
 *
 * A user's database holds what the member needs at sea and nothing more (docs/decisions/0014):
 * - `snapshots`: the last successful answer of a screen (dashboard membership, recent tests, test history
 *   pages, membership history pages), with the time it was saved;
 * - `files`: the Letter of Compliance PDF as a Blob;
 * - `outbox`: membership changes waiting to be sent, in the order they were made;
 * - `rejected`: changes the server refused, with its reason, until the member dismisses them;
 * - `answered`: the answer to each change the server applied, by its Idempotency-Key, until the screen that made
 *   the change reads it (or an hour has passed): whoever sent it (the page, its timer, the service worker), the
 *   screen that waits for it finds it (issue 37: a cancel sent by another replay was toasted as "Queued").
 * Signing out deletes the user's database and forgets the user.
 */
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";
import type { PauseMembershipRequest, SessionUser } from "@api/contract";

export interface Snapshot<T = unknown> {
  key: string;
  data: T;
  /** ISO instant of the successful load this came from. */
  saved_at: string;
}

export interface StoredFile {
  key: string;
  blob: Blob;
  filename: string;
  saved_at: string;
  /** What the file was made for (e.g. the membership it certifies), to know when it is out of date. */
  version: string;
}

export type ChangeKind = "pause" | "resume" | "cancel";

/** A pause's body as the pause form sends it (the contract's request, with the reason the form picked). */
export type PauseBody = PauseMembershipRequest & { reason: string; other_reason?: string };

/** A membership change made by the member and not yet answered by the server. */
export interface QueuedChange {
  /** Insertion order: the outbox sends in this order. */
  seq?: number;
  kind: ChangeKind;
  body?: PauseBody;
  /** The Idempotency-Key: the same on every attempt, so the server applies the change once. */
  key: string;
  /** The membership the change was made on (from the cached membership), for display and ordering. */
  membership_id: number | null;
  queued_at: string;
  attempts: number;
  /** ISO instant before which the timer does not retry (backoff); null to try at once. */
  next_attempt_at: string | null;
  /** Why the last attempt did not settle it: no network, a server error, or the session had ended. */
  held: "network" | "server" | "auth" | null;
}

/** A change the server applied, with its answer's body, kept for the screen that made it. */
export interface AnsweredChange {
  /** The change's Idempotency-Key. */
  key: string;
  body: unknown;
  answered_at: string;
}

/** A change the server refused (409, 422 or another 4xx), kept with its reason until dismissed. */
export interface RejectedChange extends QueuedChange {
  status: number;
  reason: string;
  rejected_at: string;
}

interface UserSchema extends DBSchema {
  snapshots: { key: string; value: Snapshot };
  files: { key: string; value: StoredFile };
  outbox: { key: number; value: QueuedChange };
  rejected: { key: number; value: RejectedChange };
  answered: { key: string; value: AnsweredChange };
}

interface MetaSchema extends DBSchema {
  meta: { key: string; value: SessionUser };
}

export type UserDb = IDBPDatabase<UserSchema>;

const META_DB = "apca-offline";
const userDbName = (userId: number) => `apca-user-${userId}`;

const connections = new Map<number, Promise<UserDb>>();
let meta: Promise<IDBPDatabase<MetaSchema>> | null = null;

/** The user's database (one connection per user, shared by every caller). */
export function userDb(userId: number): Promise<UserDb> {
  let connection = connections.get(userId);
  if (!connection) {
    connection = openDB<UserSchema>(userDbName(userId), 2, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore("snapshots", { keyPath: "key" });
          db.createObjectStore("files", { keyPath: "key" });
          db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
          db.createObjectStore("rejected", { keyPath: "seq" });
        }
        if (oldVersion < 2) db.createObjectStore("answered", { keyPath: "key" });
      },
      // Another tab deletes this database at sign-out: let go of it so the deletion is not blocked.
      terminated: () => connections.delete(userId),
    });
    connection.then((db) => {
      db.addEventListener("versionchange", () => {
        db.close();
        connections.delete(userId);
      });
    }, () => connections.delete(userId));
    connections.set(userId, connection);
  }
  return connection;
}

function metaDb(): Promise<IDBPDatabase<MetaSchema>> {
  meta ??= openDB<MetaSchema>(META_DB, 1, {
    upgrade(db) {
      db.createObjectStore("meta");
    },
  });
  return meta;
}

/** Remembers who is signed in (for an offline cold start and for the service worker). */
export async function rememberUser(user: SessionUser): Promise<void> {
  await (await metaDb()).put("meta", user, "user");
}

/** Who was last signed in on this device, or null. */
export async function rememberedUser(): Promise<SessionUser | null> {
  return (await (await metaDb()).get("meta", "user")) ?? null;
}

/** Closes the user's connection (the app is closed or reloaded); the next `userDb()` opens it again. */
export async function closeUserDb(userId: number): Promise<void> {
  const connection = connections.get(userId);
  connections.delete(userId);
  if (connection) (await connection.catch(() => null))?.close();
}

/** Forgets the user and deletes everything stored for them (sign-out). */
export async function forgetUser(userId: number): Promise<void> {
  await closeUserDb(userId);
  await (await metaDb()).delete("meta", "user");
  await deleteDB(userDbName(userId));
}

/** True where IndexedDB exists (not in old private modes, not in Deno without a polyfill). */
export const hasIndexedDb = (): boolean => typeof indexedDB !== "undefined";
