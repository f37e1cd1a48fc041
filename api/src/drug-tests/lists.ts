/**
 * What the drug-test screens list (decision 0052: a handler calls one service): a member's own tests, one
 * user's tests, a company's tests for its owner (summaries only, 49 CFR 40.321), and the administrators' list
 * of what failed between APCA and i3.
 */
import { ownedBusiness } from "../businesses/service.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { auditMemberViews, MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import { notFound } from "../lib/errors.ts";
import { userExists } from "../users/service.ts";
import { SYNC_QUEUE } from "./jobs.ts";
import { i3Problems, listBusinessTests, listResultsWithin, listTestsOf, maySeeTestsOf } from "./queries.ts";

type ListParams = Parameters<typeof listTestsOf>[2];
type BusinessListParams = Parameters<typeof listBusinessTests>[2];

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The caller's own tests (administrators also see unreleased random selections). */
export async function ownTests(deps: Pick<Deps, "database">, viewer: SessionUser, params: ListParams) {
  return await listTestsOf(deps.database.db, viewer.user_id, params, { unreleasedRandoms: viewer.is_admin });
}

/**
 * One user's tests: the user themself or an administrator (404 for anyone else, and for no such user). An
 * administrator's look is recorded on the member (decision 0093).
 */
export async function testsOfUser(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  userId: number,
  params: ListParams,
) {
  const { db } = deps.database;
  if (!maySeeTestsOf(viewer, userId)) throw notFound("User");
  if (!await userExists(db, userId)) throw notFound("User");
  const page = await listTestsOf(db, userId, params, { unreleasedRandoms: viewer.is_admin });
  await auditMemberViews(db, viewer, { action: MEMBER_VIEW_ACTIONS.testsView, members: [userId] });
  return page;
}

/**
 * A member's results as a consent releases them (decision 0092): tests dated within [from, to), or all. The
 * caller (consents/) has checked the consent; this only reads.
 */
export async function resultsReleased(
  deps: Pick<Deps, "database">,
  userId: number,
  range: { from: Date; to: Date } | null,
) {
  return await listResultsWithin(deps.database.db, userId, range);
}

/**
 * The tests taken under a company, for its owner (its DER) or an administrator; recorded on each member whose
 * tests the page shows (decision 0093).
 */
export async function testsOfBusiness(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  businessId: number,
  params: BusinessListParams,
) {
  const { db } = deps.database;
  await ownedBusiness(db, viewer, businessId);
  const page = await listBusinessTests(db, businessId, params, { unreleasedRandoms: viewer.is_admin });
  await auditMemberViews(db, viewer, {
    action: MEMBER_VIEW_ACTIONS.testsView,
    members: page.data.map((t) => t.attributes.user_id),
    businessId,
  });
  return page;
}

/** What failed between APCA and i3: business set-ups, test orders and the results sync. */
export async function listI3Problems(deps: Pick<Deps, "database">) {
  const p = await i3Problems(deps.database.db, SYNC_QUEUE);
  return {
    businesses: p.businesses.map((b) => ({
      business_id: b.id,
      name: b.name,
      error: b.i3_setup_error!,
      attempted_at: iso(b.i3_setup_attempted_at),
    })),
    tests: p.tests.map((t) => ({
      drug_test_id: t.id,
      user_id: t.user_id,
      user_name: `${t.first_name} ${t.last_name}`,
      business_id: t.business_id,
      business_name: t.business_name,
      reason: t.reason,
      membership_id: t.membership_id,
      error: t.error,
      failed_at: iso(t.updated_at),
    })),
    sync: p.sync
      ? {
        error: p.sync.last_error!,
        attempts: p.sync.attempts,
        gave_up: p.sync.failed,
        next_attempt_at: p.sync.failed ? null : iso(p.sync.run_at),
      }
      : null,
  };
}
