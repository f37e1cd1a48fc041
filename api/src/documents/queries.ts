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
