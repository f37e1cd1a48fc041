/**
 * Offline reads: every successful load of a cached screen is written to the signed-in user's IndexedDB, and
 * when the network fails the last copy is shown instead, with the time it was saved ("Offline: showing data
 * from {time}"). Only a network failure falls back; a server's refusal (403, 404, 422) is shown as it is.
 */
import { ApiError } from "../lib/api.ts";
import { session } from "../lib/session.ts";
import { hasIndexedDb, type StoredFile, userDb } from "./db.ts";

export interface Cached<T> {
  data: T;
  /** When the copy shown was saved; null when it came from the server just now. */
  savedAt: string | null;
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

function currentUserId(): number | null {
  return hasIndexedDb() ? session.value?.user_id ?? null : null;
}

/**
 * Loads `key` from the server and saves it (after `keep`, which drops what must not be stored); when the
 * network fails, answers the saved copy, or rethrows when there is none.
 */
export async function cachedLoad<T>(key: string, load: () => Promise<T>, keep: (data: T) => T = (d) => d) {
  const userId = currentUserId();
  try {
    const data = await load();
    // Saved while the screen shows it: the answer is not held back until the device has written its copy
    // (opening the user's database the first time takes a while: Lighthouse /app, the dashboard's cards).
    if (userId !== null) void saveSnapshot(userId, key, keep(data));
    return { data, savedAt: null } satisfies Cached<T>;
  } catch (error) {
    if (userId === null || !isNetworkFailure(error)) throw error;
    const saved = await (await userDb(userId)).get("snapshots", key).catch(() => undefined);
    if (!saved) throw error;
    return { data: saved.data as T, savedAt: saved.saved_at } satisfies Cached<T>;
  }
}

/**
 * The screens showing a copy from the device, by their reload. When the server can be reached again (the
 * browser is back online, or the server just answered a queued change: offline/sync.ts) each of them loads the
 * server's data, so no screen keeps "Offline: showing data from …" and the device's guess once the truth is
 * available.
 */
const showingSavedCopy = new Set<() => void>();

/** Registers a screen's reload while it shows a saved copy; answers the unregister. */
export function whileShowingSavedCopy(reload: () => void): () => void {
  showingSavedCopy.add(reload);
  return () => void showingSavedCopy.delete(reload);
}

/** Every screen showing a saved copy loads the server's data again (see `whileShowingSavedCopy`). */
export function reloadSavedCopies(): void {
  for (const reload of [...showingSavedCopy]) reload();
}

async function saveSnapshot(userId: number, key: string, data: unknown): Promise<void> {
  const snapshot = { key, data, saved_at: new Date().toISOString() };
  try {
    await (await userDb(userId)).put("snapshots", snapshot);
  } catch {
    // A full or blocked store must not break the online screen; the next load saves it again.
  }
}

const LETTER_KEY = "letter-of-compliance";

/** Saves the Letter of Compliance PDF (made for `version` of the membership) for reading offline. */
export async function saveLetter(blob: Blob, filename: string, version: string): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  const file: StoredFile = { key: LETTER_KEY, blob, filename, version, saved_at: new Date().toISOString() };
  await (await userDb(userId)).put("files", file).catch(() => undefined);
}

/** The saved letter, or null. */
export async function savedLetter(): Promise<StoredFile | null> {
  const userId = currentUserId();
  if (userId === null) return null;
  return (await (await userDb(userId)).get("files", LETTER_KEY).catch(() => undefined)) ?? null;
}

/** Drops the saved letter (the membership no longer earns one, so the old letter must not be shown). */
export async function dropLetter(): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  await (await userDb(userId)).delete("files", LETTER_KEY).catch(() => undefined);
}

const receiptKey = (orderId: number) => `receipt-${orderId}`;

/**
 * Saves an order's receipt PDF for reading offline (issue 25: the order history opens offline like the
 * letter). A receipt states a payment only, never a test (decision 0063), so it may stay on the device.
 */
export async function saveReceipt(orderId: number, blob: Blob, filename: string): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  const file: StoredFile = {
    key: receiptKey(orderId),
    blob,
    filename,
    version: String(orderId),
    saved_at: new Date().toISOString(),
  };
  await (await userDb(userId)).put("files", file).catch(() => undefined);
}

/** An order's receipt saved on this device, or null. */
export async function savedReceipt(orderId: number): Promise<StoredFile | null> {
  const userId = currentUserId();
  if (userId === null) return null;
  return (await (await userDb(userId)).get("files", receiptKey(orderId)).catch(() => undefined)) ?? null;
}
