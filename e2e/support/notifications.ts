/**
 * The administrators' desk seen from the database, for checking its count badges while other specs run on the
 * same e2e database: how many open notifications each category holds besides a journey's own (those about or
 * by its fresh users). admin-notifications.spec.ts runs alone after every other spec (its own Playwright
 * project, playwright.config.ts), and its tests one after another, so nothing else moves this number while a
 * journey reads a badge: read before the page asks for the counts and again after it has them, it brackets
 * what the page was told.
 */
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "./database.ts";

/** The categories of GET /api/auth/notifications/count this checks, with their types (decision 0029). */
export const COUNTED = {
  registration: { label: "Registrations", types: ["REGISTRATION"] },
  changes: {
    label: "Company/Member Changes",
    types: [
      "UPDATE_USER",
      "UPDATE_BUSINESS",
      "NEW_VESSEL",
      "UPDATE_VESSEL",
      "NEW_BUSINESS_REQUEST",
      "NEW_EMPLOYEE_REQUEST",
      "EMPLOYEE_REQUEST_BATCH",
    ],
  },
  paused: { label: "Paused Memberships", types: ["MEMBERSHIP_PAUSED"] },
} as const;
export type Counted = keyof typeof COUNTED;

async function withDatabase<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** Open notifications per category that are neither about nor by one of `users`. */
export async function openBesides(users: number[]): Promise<Record<Counted, number>> {
  const rows = await withDatabase((sql) =>
    sql<{ type: string; n: number }[]>`
      select type, count(*)::int as n from notifications
      where archived_at is null
        and coalesce(user_id = any(${users}::int[]), false) = false
        and coalesce(trigger_user_id = any(${users}::int[]), false) = false
        -- A company request filed at registration is its registration's card while that is open (issue 24).
        and not (type = 'NEW_BUSINESS_REQUEST' and exists (
          select 1 from notifications rn join registration_notifications rr on rr.notification_id = rn.id
          where rn.type = 'REGISTRATION' and rn.archived_at is null and rr.user_id = notifications.user_id))
      group by type`
  );
  const of = (types: readonly string[]) =>
    rows.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.n, 0);
  return {
    registration: of(COUNTED.registration.types),
    changes: of(COUNTED.changes.types),
    paused: of(COUNTED.paused.types),
  };
}

/** The id of the user with this e-mail. */
export async function userIdByEmail(email: string): Promise<number> {
  const [row] = await withDatabase((sql) =>
    sql<{ id: number }[]>`select id from users where lower(email) = ${email.toLowerCase()}`
  );
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

/** A user's registration notifications (at most one), and whether each is archived. */
export async function registrationsOf(userId: number): Promise<{ archived: boolean }[]> {
  return await withDatabase((sql) =>
    sql<{ archived: boolean }[]>`
      select n.archived_at is not null as archived from registration_notifications r
      join notifications n on n.id = r.notification_id where r.user_id = ${userId}`
  );
}
