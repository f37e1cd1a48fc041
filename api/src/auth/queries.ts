/** The SQL of sign-in and sessions: the session rows, the login lookup and the stored signing secret. */
import { CompiledQuery, type Insertable, type Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { SessionUser } from "../lib/context.ts";
import { runCompiled } from "../db/compiled-query.ts";

/** The query behind every authenticated request (exported so the benchmark runs exactly this SQL). */
export function activeSessionQuery(db: Kysely<DB>, sessionId: string, now: Date) {
  return db.selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id as session_id",
      "u.id as user_id",
      "u.is_admin",
      "u.is_der",
      "u.first_name",
      "u.last_name",
      "s.second_factor_at",
      "s.expires_at",
      (eb) =>
        eb.exists(eb.selectFrom("user_second_factors as f").select("f.id").whereRef("f.user_id", "=", "u.id"))
          .as("has_second_factor"),
    ])
    .where("s.id", "=", sessionId)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("u.deleted_at", "is", null);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof activeSessionQuery>["executeTakeFirstOrThrow"]>>;

// Building and compiling the query costs more CPU than running it (about 70 µs a request, measured in
// docs/benchmarks.md), so it is compiled once per database handle and only the parameters change per request.
const compiledSessionQueries = new WeakMap<
  Kysely<DB>,
  (sessionId: string, now: Date) => CompiledQuery<SessionRow>
>();

function compiledSessionQuery(db: Kysely<DB>): (sessionId: string, now: Date) => CompiledQuery<SessionRow> {
  let make = compiledSessionQueries.get(db);
  if (!make) {
    const idMark = "00000000-0000-0000-0000-000000000000", nowMark = new Date(0);
    const { sql, parameters } = activeSessionQuery(db, idMark, nowMark).compile();
    const slots = parameters.map((p) => p === idMark ? "id" : p === nowMark ? "now" : null);
    if (slots.includes(null)) throw new Error("the session query has a parameter the cache does not know");
    make = (sessionId, now) => CompiledQuery.raw(sql, slots.map((s) => s === "id" ? sessionId : now));
    compiledSessionQueries.set(db, make);
  }
  return make;
}

export async function findActiveSession(
  db: Kysely<DB>,
  sessionId: string,
  now: Date,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const [row] = await runCompiled(db, compiledSessionQuery(db)(sessionId, now));
  if (!row) return null;
  return {
    user: {
      user_id: row.user_id,
      session_id: row.session_id,
      is_admin: row.is_admin,
      is_der: row.is_der,
      full_name: `${row.first_name} ${row.last_name}`,
      second_factor_at: row.second_factor_at,
      has_second_factor: Boolean(row.has_second_factor),
    },
    expiresAt: row.expires_at,
  };
}

/** Creates a session row; answers its id. */
export async function insertSession(db: Kysely<DB>, row: Insertable<DB["sessions"]>): Promise<string> {
  const { id } = await db.insertInto("sessions").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Revokes one session (a second revocation changes nothing). */
export async function revokeSession(db: Kysely<DB>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now })
    .where("id", "=", sessionId).where("revoked_at", "is", null).execute();
}

/** Revokes every active session of a user (after a password reset, say). */
export async function revokeAllSessions(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now })
    .where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

/** Revokes every active session of a user but `keepSessionId` (a password changed while signed in). */
export async function revokeOtherSessions(
  db: Kysely<DB>,
  userId: number,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now })
    .where("user_id", "=", userId).where("id", "!=", keepSessionId).where("revoked_at", "is", null).execute();
}

/** The sign-in candidate for an e-mail address (any case), unless the account is deleted. */
export function findLoginUser(db: Kysely<DB>, email: string) {
  return db.selectFrom("users")
    .select(["id", "password_hash", "is_admin", "is_der", "first_name", "last_name"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Stores `fresh` under `name` unless a value is there already; answers the value that is kept. */
export async function keepSecret(db: Kysely<DB>, name: string, fresh: string): Promise<string> {
  await db.insertInto("app_secrets").values({ name, value: fresh })
    .onConflict((oc) => oc.column("name").doNothing()).execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The secrets whose names start with `prefix`, newest first. */
export function secretsNamed(db: Kysely<DB>, prefix: string) {
  return db.selectFrom("app_secrets").select(["value", "created_at"])
    .where("name", "like", `${prefix}%`).orderBy("created_at", "desc").execute();
}
