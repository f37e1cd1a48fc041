/** The bench's own data, shared by bench/main.ts and bench/profile.ts. */
import postgres from "postgres";

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
