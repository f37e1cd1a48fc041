import type { Kysely, Selectable } from "kysely";
import type { DB, UsersTable } from "../db/types.ts";
import type { SessionUser } from "../lib/context.ts";
import { type ListParams, paginate, record } from "../lib/list.ts";

const COLUMNS = [
  "id",
  "email",
  "first_name",
  "middle_name",
  "last_name",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "uscg_cred",
  "ssn_last4",
  "member_number",
  "is_admin",
  "is_der",
  "created_at",
] as const;

type UserRow = Pick<Selectable<UsersTable>, (typeof COLUMNS)[number]>;

export function toUserRecord(u: UserRow) {
  const { id, is_admin, is_der, created_at, ...rest } = u;
  const roles = [
    ...(is_admin ? ["admin" as const] : []),
    ...(is_der ? ["der" as const] : []),
    "member" as const,
  ];
  return record("user", id, {
    full_name: `${u.first_name} ${u.last_name}`,
    ...rest,
    roles,
    created_at: created_at.toISOString(),
  });
}

/** One user as seen by `viewer`: themselves, or anyone for an administrator. Others get null (a 404). */
export async function findUserFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  if (!viewer.is_admin && viewer.user_id !== id) return null;
  const row = await db.selectFrom("users").select(COLUMNS).where("id", "=", id).where(
    "deleted_at",
    "is",
    null,
  )
    .executeTakeFirst();
  return row ? toUserRecord(row) : null;
}

export async function listUsers(db: Kysely<DB>, params: ListParams & { search?: string }) {
  let query = db.selectFrom("users").select(COLUMNS).where("deleted_at", "is", null);
  if (params.search) {
    const prefix = `${params.search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["first_name"]), "like", prefix),
        eb(eb.fn("lower", ["last_name"]), "like", prefix),
        eb(eb.fn("lower", ["email"]), "like", prefix),
        eb("member_number", "=", params.search!),
      ])
    );
  }
  const { rows, meta } = await paginate(query, params, {
    id: "id",
    first_name: "first_name",
    last_name: "last_name",
    email: "email",
    created_at: "created_at",
  });
  return { data: rows.map(toUserRecord), meta };
}

/** Whether the user exists and is not deleted (calls about a user answer 404 otherwise). */
export async function liveUserExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst();
  return user !== undefined;
}

/** Whether a user row exists, deleted or not (their past records stay readable). */
export async function userExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
  return user !== undefined;
}
