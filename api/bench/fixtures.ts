/** The benches' own data and callers, shared by the bench scripts (lib.ts holds the measuring helpers). */
import type { Kysely } from "kysely";
import postgres from "postgres";
import { signSessionToken } from "../src/auth/tokens.ts";
import type { DB } from "../src/db/types.ts";
import type { Deps } from "../src/lib/context.ts";

/**
 * Gives the member what a realistic dashboard read needs: an active annual membership on day 300 of its term
 * (it expires in 65 days, so the hourly autorenewal leaves it alone), and a pause of 135 days that ended 35
 * days ago. 135 paused days within the last 185 raise the pause warning (125 in 185), so every read runs the
 * whole warning path: the pauses query, the rule query and the day-by-day count. Plain SQL on the bench
 * database, before any measurement; the session endpoint does not read these tables.
 */
export async function giveMembership(databaseUrl: string, email: string): Promise<void> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await db.begin(async (tx) => {
      const [user] = await tx<{ id: number }[]>`select id from users where email = ${email}`;
      if (!user) throw new Error(`bench: no user ${email} in the seeded database`);
      const [membership] = await tx<{ id: number }[]>`
        insert into memberships (user_id, type, starts_at, created_at, expire_at, has_expiration, autorenew,
                                 price_cents)
        select ${user.id}, 'annual', now() - interval '300 days', now() - interval '300 days',
               current_date + 65, true, true, annual_new_cents
        from settings
        returning id`;
      await tx`
        insert into membership_pauses (membership_id, paused_at, resumed_at, reason, paused_by_user_id,
                                       resumed_by_user_id)
        values (${membership.id}, now() - interval '170 days', now() - interval '35 days',
                'Currently out of season', ${user.id}, ${user.id})`;
    });
  } finally {
    await db.end({ timeout: 5 });
  }
}

/**
 * VACUUM (ANALYZE) of the bench database once its data is in: a freshly seeded database otherwise gets its
 * autovacuum and autoanalyze during the measurement windows, whose PostgreSQL CPU then counts against
 * whichever window it fell in (pgbench vacuums before its runs for the same reason). A set-up statement: no
 * statement timeout.
 */
export async function settle(databaseUrl: string): Promise<void> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await db.unsafe("set statement_timeout = 0");
    await db.unsafe("vacuum (analyze)");
  } finally {
    await db.end({ timeout: 5 });
  }
}

/**
 * The benches' administrator (bench-admin@scale.apca.invalid), found or created: the caller of the admin
 * screens they measure. It has no password: nobody signs in as it, a bench gives it a session (benchSession).
 */
export async function benchAdministrator(db: Kysely<DB>): Promise<number> {
  const email = "bench-admin@scale.apca.invalid";
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst() ??
    await db.insertInto("users").values({
      email,
      password_hash: "bench-no-sign-in",
      first_name: "Bench",
      last_name: "Admin",
      is_admin: true,
    }).returning("id").executeTakeFirstOrThrow();
  return user.id;
}

/**
 * A session of `userId` for a day, past its second factor (decision 0043) as after a complete sign-in: its
 * bearer token.
 */
export async function benchSession(
  deps: Pick<Deps, "database" | "sessionKey" | "now">,
  userId: number,
): Promise<string> {
  const now = deps.now();
  const session = await deps.database.db.insertInto("sessions").values({
    user_id: userId,
    created_at: now,
    expires_at: new Date(now.getTime() + 86_400_000),
    second_factor_at: now,
  }).returning("id").executeTakeFirstOrThrow();
  return await signSessionToken(deps.sessionKey, { userId, sessionId: session.id }, now);
}
