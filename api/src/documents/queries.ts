import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { type ListParams, paginate, record } from "../lib/list.ts";

/** One page of the documents a user owns (never their bytes). */
export async function listDocumentsOf(db: Kysely<DB>, userId: number, params: ListParams) {
  const query = db.selectFrom("documents").select([
    "id",
    "kind",
    "filename",
    "content_type",
    "byte_size",
    "created_at",
  ])
    .where("user_id", "=", userId);
  const { rows, meta } = await paginate(query, params, { id: "id", created_at: "created_at", kind: "kind" });
  return {
    data: rows.map((d) =>
      record("document", d.id, {
        kind: d.kind,
        filename: d.filename,
        content_type: d.content_type,
        byte_size: d.byte_size,
        created_at: d.created_at.toISOString(),
      })
    ),
    meta,
  };
}

/** A document with its bytes, only when `userId` owns it (another user's document is "not found"). */
export async function findOwnDocument(db: Kysely<DB>, userId: number, id: number) {
  return await db.selectFrom("documents").select(["id", "filename", "content_type", "bytes"])
    .where("id", "=", id).where("user_id", "=", userId).executeTakeFirst() ?? null;
}

/** Records an issued letter; answers undefined when a simultaneous call recorded the same content first. */
export function insertLetter(
  db: Kysely<DB>,
  letter: {
    userId: number;
    filename: string;
    bytes: Uint8Array;
    contentKey: string;
    issuedBy: number;
    at: Date;
  },
) {
  return db.insertInto("documents").values({
    kind: "letter_of_compliance",
    user_id: letter.userId,
    filename: letter.filename,
    content_type: "application/pdf",
    bytes: letter.bytes,
    content_key: letter.contentKey,
    created_by_user_id: letter.issuedBy,
    created_at: letter.at,
  }).onConflict((oc) =>
    oc.columns(["user_id", "content_key"]).where("content_key", "is not", null).doNothing()
  )
    .returning("id").executeTakeFirst();
}

/** Files a random candidate's notice (a pool's PDF, decision 0033) and answers its id. */
export async function insertRandomNotice(
  db: Kysely<DB>,
  d: { poolId: number; filename: string; bytes: Uint8Array },
): Promise<number> {
  const doc = await db.insertInto("documents").values({
    kind: "random_pool",
    random_pool_id: d.poolId,
    filename: d.filename,
    content_type: "application/pdf",
    bytes: d.bytes,
  }).returning("id").executeTakeFirstOrThrow();
  return doc.id;
}

/** Deletes a document (a random notice withdrawn). */
export async function deleteDocument(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom("documents").where("id", "=", id).execute();
}

/** An account merge (decision 0080): the documents of `from` become `to`'s; answers how many moved. */
export async function moveDocumentsOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const moved = await db.updateTable("documents").set({ user_id: to }).where("user_id", "=", from)
    .returning("id").execute();
  return moved.length;
}
