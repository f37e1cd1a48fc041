/** The retention schedule, legal holds and the due list (decision 0091). */
import { call } from "../../lib/typed-api.ts";
import { invalidate } from "../../lib/use-resource.ts";

export const SCHEDULE_KEY = ["retention", "schedule"];
export const HOLDS_KEY = ["retention", "holds"];
export const DUE_KEY = ["retention", "due"];

export const fetchSchedule = (signal?: AbortSignal) =>
  call("/auth/retention/schedule").GET({ signal }).then((a) => a.data);
export const fetchHolds = (signal?: AbortSignal) =>
  call("/auth/legal-holds").GET({ signal }).then((a) => a.data);
export const fetchDue = (signal?: AbortSignal) =>
  call("/auth/retention/due").GET({ signal }).then((a) => a.data);

export type ScheduleRow = Awaited<ReturnType<typeof fetchSchedule>>[number];
export type Hold = Awaited<ReturnType<typeof fetchHolds>>[number];
export type Subject = { kind: "member" | "company"; id: number; name: string };

/** A period or a hold changes what is due: the list is loaded again with it. */
async function changed(key: string[]) {
  await Promise.all([invalidate(key), invalidate(DUE_KEY)]);
}

export async function setPeriod(kind: string, periodMonths: number) {
  const answer = await call("/auth/retention/schedule/{kind}").PUT({
    params: { kind },
    body: { period_months: periodMonths },
  });
  await changed(SCHEDULE_KEY);
  return answer;
}

export async function placeHold(subject: Subject, reason: string) {
  const answer = await call("/auth/legal-holds").POST({
    body: subject.kind === "member" ? { user_id: subject.id, reason } : { business_id: subject.id, reason },
  });
  await changed(HOLDS_KEY);
  return answer;
}

export async function liftHold(id: number, reason: string) {
  const answer = await call("/auth/legal-holds/{id}/lift").POST({
    params: { id },
    body: { reason: reason.trim() || null },
  });
  await changed(HOLDS_KEY);
  return answer;
}

/** Members or companies matching what the administrator typed (the existing admin lists' search). */
export async function searchSubjects(kind: Subject["kind"], search: string, signal: AbortSignal) {
  if (kind === "member") {
    const a = await call("/auth/users").GET({ query: { search, per_page: 8 }, signal });
    return a.data.map((u): Subject & { hint: string } => ({
      kind,
      id: u.id,
      name: `${u.attributes.first_name} ${u.attributes.last_name}`,
      hint: u.attributes.email,
    }));
  }
  const a = await call("/auth/businesses").GET({ query: { search, per_page: 8 }, signal });
  return a.data.map((b): Subject & { hint: string } => ({
    kind,
    id: b.id,
    name: b.attributes.name,
    hint: b.attributes.email ?? "",
  }));
}
