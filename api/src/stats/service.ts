/** The analytics answers, shaped as the spec's payloads from the month rows the queries give. */
import type { Deps } from "../lib/context.ts";
import { coverageDay, nextMonth, officeMonth, officeMonthBounds } from "../lib/dates.ts";
import {
  activeCompanyCount,
  companyBreakdown,
  consortiumMembership,
  membershipDecomposition,
  type MonthRange,
  oneTimeMemberships,
  overviewCounts,
  randomsOutcomes,
  usersWithoutPrimaryCount,
} from "./queries.ts";
import { invalid } from "../lib/errors.ts";
import { MAX_RANGE_MONTHS, monthsBetween } from "./schemas.ts";

type StatsDeps = Pick<Deps, "database" | "now" | "config">;

/** 'YYYY-MM' → 'MM-YY', the spec's month key. */
export const monthKey = (m: string) => `${m.slice(5, 7)}-${m.slice(2, 4)}`;

/** `months` before 'YYYY-MM'. */
function monthsBack(m: string, months: number): string {
  let [y, mo] = m.split("-").map(Number);
  mo -= months;
  while (mo < 1) {
    mo += 12;
    y -= 1;
  }
  return `${y}-${String(mo).padStart(2, "0")}`;
}

/** The requested range, each end defaulting to six months back / the current office month. */
export function rangeOf(
  deps: StatsDeps,
  q: { start?: string; end?: string },
): MonthRange & { from: Date; to: Date } {
  const timeZone = deps.config.officeTimeZone;
  const current = officeMonth(deps.now(), timeZone);
  const end = q.end ?? current;
  const start = q.start ?? monthsBack(q.end ?? current, 6);
  if (start > end) throw invalid("start", "start must not be after end");
  if (monthsBetween(start, end) >= MAX_RANGE_MONTHS) {
    throw invalid("end", `The range spans at most ${MAX_RANGE_MONTHS} months`);
  }
  return {
    start,
    end,
    timeZone,
    from: officeMonthBounds(start, timeZone).start,
    to: officeMonthBounds(nextMonth(end), timeZone).start,
  };
}

export async function overview(deps: StatsDeps) {
  const { db } = deps.database;
  const [counts, activeCompanies, usersWithoutPrimaryBusiness] = await Promise.all([
    overviewCounts(db, coverageDay(deps.now())),
    activeCompanyCount(db),
    usersWithoutPrimaryCount(db),
  ]);
  return {
    annualMemberships: counts.annual,
    nonAnnualMemberships: counts.one_time,
    pausedMemberships: counts.paused,
    expiredMembers: counts.expired,
    activeCompanies,
    usersWithoutPrimaryBusiness,
  };
}

const keyed = <R extends { m: string }, T>(rows: R[], f: (r: R) => T): Record<string, T> =>
  Object.fromEntries(rows.map((r) => [monthKey(r.m), f(r)]));

export async function companyBreakdownByMonth(deps: StatsDeps, range: MonthRange & { to: Date }) {
  const rows = await companyBreakdown(deps.database.db, range);
  return keyed(rows, (r) => ({
    company_count: r.companies,
    average_employee_count: r.companies > 0 ? Math.round((r.employees / r.companies) * 100) / 100 : 0,
  }));
}

export async function consortiumByMonth(deps: StatsDeps, range: MonthRange & { to: Date }) {
  const rows = await consortiumMembership(deps.database.db, range);
  return keyed(rows, (r) => ({ company_count: r.company, individual_count: r.individual }));
}

export async function decompositionByMonth(deps: StatsDeps, range: MonthRange & { from: Date; to: Date }) {
  const rows = await membershipDecomposition(deps.database.db, { ...range, today: coverageDay(deps.now()) });
  return keyed(rows, (r) => ({ new: r.new, renewal: r.renewal, churn: r.churn }));
}

export async function oneTimeByMonth(deps: StatsDeps, range: MonthRange & { from: Date; to: Date }) {
  const rows = await oneTimeMemberships(deps.database.db, range);
  return rows.map((r) => ({ date: monthKey(r.m), count: r.count }));
}

export async function randoms(deps: StatsDeps, range: MonthRange) {
  return { data: await randomsOutcomes(deps.database.db, range) };
}
