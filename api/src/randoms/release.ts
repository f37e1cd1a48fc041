/**
 * The release of a random pool (docs/decisions/0033-random-pools.md, 46 CFR 16.230(g): selections unannounced).
 * Until an administrator releases it, a pool's selections are seen by administrators only: its DERs do not see
 * their employees' selections or notices, and a selected member does not see the random test in their own list.
 * A pool can be released once its tests are ordered and its candidate PDFs are ready (built or complete), since
 * what the DER hands to the mariner names the i3 order and the collection site. Released once and never taken
 * back: the same administrator asking again changes nothing; another administrator's release answers 409.
 *
 * The release tells (issue 25 item 4), once, through the one mail outbox: each company's DER gets the number of
 * its employees selected and a link to its Random Selections, never a name (an e-mail is forwarded and read
 * on shared screens; the names are behind the DER's sign-in); a mariner selected through their own business
 * (an independent, their own employer) gets their selection notice: report by, the collection site and the
 * i3 order reference. Only candidates whose tests are placed are told: one still blocked (no business, a
 * company not set up in i3) has no order to report with, and is told when the order job places it
 * (service.ts runOrder), as a substitute is.
 */
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { addDays, formatDay, officeDay } from "../lib/dates.ts";
import { nearestSite } from "./sites.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { lockPool, releaseRecipients, updatePool } from "./queries.ts";
import type { Actor, PoolDeps } from "./service.ts";

export const RELEASE_MESSAGES = {
  notOrdered: "The pool can be released once its tests are ordered.",
  pdfsNotReady: "The pool can be released once its candidate PDFs are ready.",
  releasedByOther: "Another administrator already released this pool.",
} as const;

/** Releases an ordered pool to the DERs; answers whether this call released it (false: it already was). */
export async function releasePool(
  deps: Pick<PoolDeps, "database" | "now" | "config" | "i3"> & Pick<Deps, "mailer">,
  actor: Actor,
  id: number,
): Promise<boolean> {
  const released = await deps.database.db.transaction().execute(async (trx) => {
    const pool = await lockPool(trx, id);
    if (!pool) throw notFound("Random pool");
    if (pool.released_at) {
      if (pool.released_by_user_id === actor.user.user_id) return false;
      throw new AppError("CONFLICT", RELEASE_MESSAGES.releasedByOther);
    }
    if (pool.status !== "built" && pool.status !== "complete") {
      throw new AppError("CONFLICT", RELEASE_MESSAGES.notOrdered);
    }
    if (pool.pdf_status !== "ready") throw new AppError("CONFLICT", RELEASE_MESSAGES.pdfsNotReady);
    await updatePool(trx, id, { released_at: deps.now(), released_by_user_id: actor.user.user_id });
    await audit(trx, {
      actor: actor.user.user_id,
      action: "random_pool.release",
      entity: "random_pool",
      entityId: id,
      ip: actor.ip,
    });
    return true;
  });
  if (released) await tellSelected(deps, id);
  return released;
}

/**
 * The release's e-mails (see the head of this file), for the pool's placed candidates or, after the release,
 * for `candidateIds` just placed; the pool is released whether or not they are sent.
 */
export async function tellSelected(
  deps: Pick<PoolDeps, "database" | "config" | "i3"> & Pick<Deps, "mailer">,
  poolId: number,
  candidateIds?: number[],
) {
  const { publicUrl, officeTimeZone } = deps.config;
  const rows = await releaseRecipients(deps.database.db, poolId, candidateIds);
  const companies = new Map<number, { name: string; email: string | null; count: number }>();
  for (const r of rows) {
    if (r.business_id === null) continue;
    if (r.is_individual) {
      const orderedOn = r.ordered_at ? officeDay(new Date(r.ordered_at), officeTimeZone) : null;
      const reportBy = orderedOn ? formatDay(addDays(orderedOn, 1)) : "as soon as you can";
      await deps.mailer.send({
        to: r.email,
        subject: "You have been selected for a random drug test",
        text: `Hello ${r.first_name},\n\n` +
          "You have been selected for a DOT random drug test (46 CFR 16.230). Report to the collection site " +
          `immediately, and no later than ${reportBy}.\n\n` +
          `Collection site: ${
            (await nearestSite(deps, r.postal_code)) ?? "the nearest one on the collection-site finder"
          }\n` +
          (r.i3_location_code ? `i3 location code: ${r.i3_location_code}\n` : "") +
          `Other collection sites near you: ${publicUrl}/collection-sites${
            r.postal_code ? `?zip=${encodeURIComponent(r.postal_code.slice(0, 5))}` : ""
          }\n` +
          `i3 order reference: ${r.i3_order_ref ?? "see your selection notice"}\n\n` +
          "Show this order reference at the collection site. Your selection notice, with the order as a QR code " +
          `(it opens without a signal once you have opened it): ${publicUrl}/app/account/selection-notice\n\nAPCA`,
      });
      continue;
    }
    const company = companies.get(r.business_id) ??
      { name: r.business_name ?? "", email: r.der_email, count: 0 };
    company.count++;
    companies.set(r.business_id, company);
  }
  for (const [businessId, c] of companies) {
    if (!c.email) continue;
    const people = c.count === 1 ? "1 employee has" : `${c.count} employees have`;
    await deps.mailer.send({
      to: c.email,
      subject: "Random selections released for your company",
      text: `Hello,\n\n${people} been selected in a random drug-testing pool for ${c.name}. ` +
        "Who, where and by when are in the app (names are never sent by e-mail):\n" +
        `${publicUrl}/app/member/businesses/${businessId}?tab=random-selections\n\n` +
        "Tell each selected mariner to report for collection immediately.\n\nAPCA",
    });
  }
}
