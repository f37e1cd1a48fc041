/**
 * A user's safety concern letter (admin spec §7 "Other", §8): an administrator uploads a PDF, downloads it and
 * removes it. The bytes go through the one storage interface (lib/storage.ts: PostgreSQL or STORAGE_DIR, never
 * the working directory); the row in safety_concern_letters says which file is the user's. Only a PDF by its
 * declared type AND its first bytes is kept, so nothing executable is stored or served (decision 0030).
 */
import type { Deps, SessionUser } from "../lib/context.ts";
import { audit } from "../lib/audit.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { deleteSafetyLetter, findSafetyLetter, findUserRowFor, replaceSafetyLetter } from "./queries.ts";
import { SAFETY_LETTER_MAX_BYTES, USER_MESSAGES } from "./schemas.ts";

export { SAFETY_LETTER_MAX_BYTES };
const PDF_MAGIC = new TextEncoder().encode("%PDF-");

type Ctx = { deps: Deps; actor: SessionUser; ip: string | null };

/** The user as `actor` may see them, or 404; a deleted account answers 409 with the restore text. */
async function mustBeLive(deps: Pick<Deps, "database">, actor: SessionUser, id: number) {
  const row = await findUserRowFor(deps.database.db, actor, id);
  if (!row) throw notFound("User");
  if (row.deleted_at !== null) throw new AppError("CONFLICT", USER_MESSAGES.alreadyDeleted);
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** A filename safe to store and to put in a quoted Content-Disposition: letters, digits, dot, dash, space. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[^A-Za-z0-9 ._-]/g, "_").replace(/^\.+/, "").slice(0, 120).trim();
  const named = cleaned === "" ? "safety-concern-letter" : cleaned;
  return named.toLowerCase().endsWith(".pdf") ? named : `${named}.pdf`;
}

export async function uploadSafetyLetter(ctx: Ctx, userId: number, file: unknown) {
  await mustBeLive(ctx.deps, ctx.actor, userId);
  if (!(file instanceof File) || file.size === 0) throw invalid("document", USER_MESSAGES.letterRequired);
  if (file.size > SAFETY_LETTER_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", USER_MESSAGES.letterTooLarge);
  }
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  const type = file.type.split(";")[0].trim().toLowerCase();
  if (type !== "application/pdf" || !isPdf(head)) throw invalid("document", USER_MESSAGES.letterNotPdf);

  const key = `safety-letters/${userId}/${crypto.randomUUID()}.pdf`;
  const size = await ctx.deps.storage.put(key, file.stream(), "application/pdf");
  let replaced: string | null;
  try {
    replaced = await ctx.deps.database.db.transaction().execute(async (trx) => {
      const old = await replaceSafetyLetter(trx, {
        user_id: userId,
        storage_key: key,
        filename: safeFilename(file.name),
        byte_size: size,
        uploaded_by_user_id: ctx.actor.user_id,
        created_at: ctx.deps.now(),
      });
      await audit(trx, {
        actor: ctx.actor.user_id,
        action: "safety_letter_uploaded",
        entity: "user",
        entityId: userId,
        detail: { byte_size: size, replaced: old !== null },
        ip: ctx.ip,
      });
      return old;
    });
  } catch (error) {
    await ctx.deps.storage.delete(key);
    throw error;
  }
  // After the commit: the old bytes are unreachable now; a crash here leaves an orphan file, never a dangling row.
  if (replaced) await ctx.deps.storage.delete(replaced);
}

/** The letter's row and stream; deleted accounts keep theirs readable (it is a record about them). */
export async function readSafetyLetter(deps: Pick<Deps, "database" | "storage">, userId: number) {
  const letter = await findSafetyLetter(deps.database.db, userId);
  if (!letter) throw notFound("Safety concern letter");
  const file = await deps.storage.get(letter.storage_key);
  if (!file) throw notFound("Safety concern letter");
  return { filename: letter.filename, file };
}

export async function removeSafetyLetter(ctx: Ctx, userId: number) {
  const removed = await ctx.deps.database.db.transaction().execute(async (trx) => {
    const row = await deleteSafetyLetter(trx, userId);
    if (!row) return null;
    await audit(trx, {
      actor: ctx.actor.user_id,
      action: "safety_letter_removed",
      entity: "user",
      entityId: userId,
      ip: ctx.ip,
    });
    return row;
  });
  if (!removed) throw new AppError("NOT_FOUND", USER_MESSAGES.noLetter);
  await ctx.deps.storage.delete(removed.storage_key);
}
