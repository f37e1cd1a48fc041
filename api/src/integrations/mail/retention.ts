/**
 * E-mails in the outbox past their period (decision 0091): the message is not the record (the order, letter or
 * test it describes is kept under its own row), so it is removed with its attachments. A message to a member
 * under a legal hold, or still waiting to be sent, stays.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/types.ts";
import {
  isDue,
  officeDayOf,
  retentionDays,
  type RetentionRow,
  type RetentionWindow,
} from "../../lib/retention-window.ts";

export async function dueEmails(db: Kysely<DB>, w: RetentionWindow): Promise<RetentionRow[]> {
  const day = officeDayOf(sql`m.created_at`, w);
  const only = w.userId === undefined
    ? sql`true`
    : sql`lower(m.to_address) = (select lower(email) from users where id = ${w.userId})`;
  const { rows } = await sql<RetentionRow>`
    select m.id, ${retentionDays(day, w)}, null::int as user_id, null::int as business_id,
      m.subject || ' to ' || m.to_address as label
    from email_outbox m
    where m.status in ('sent', 'failed') and ${isDue(day, w)} and ${only}
      and not exists (
        select 1 from users u where u.id = any(${sql.val(w.heldUsers)}::int[])
          and lower(u.email) = lower(m.to_address))
    order by ${day}, m.id limit ${w.limit}`.execute(db);
  return rows;
}

export async function removeEmails(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const { numDeletedRows } = await db.deleteFrom("email_outbox").where("id", "in", ids).executeTakeFirst();
  return Number(numDeletedRows);
}
