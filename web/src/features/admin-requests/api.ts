/** The administrators' request screens' calls (admin spec §7 "Notifications", "Businesses and users"). */
import { ApiError } from "../../lib/api.ts";
import { invalidate, type ResourceKey } from "../../lib/use-resource.ts";
import { call } from "../../lib/typed-api.ts";
import type { DuplicatesAnswerBody, EmployeeRequestReview, NotificationItem } from "@api/contract";

export const fetchNotification = (id: string, signal: AbortSignal): Promise<NotificationItem> =>
  call("/auth/notification/{id}").GET({ params: { id }, signal }).then((a) => a.data);

export const fetchEmployeeRequest = (id: string, signal: AbortSignal): Promise<EmployeeRequestReview> =>
  call("/auth/notification/registration/{id}/employee").GET({ params: { id }, signal }).then((a) => a.data);

export const fetchDuplicates = (id: string, signal: AbortSignal): Promise<DuplicatesAnswerBody> =>
  call("/auth/duplicate/company/{id}").GET({ params: { id }, signal });

export interface BusinessOption {
  id: number;
  attributes: { name: string; city: string | null; state: string | null; tax_id: string | null };
}

/** Companies whose name, DBA, e-mail, phone or tax id contains `search` (the select-existing step). */
export const searchCompanies = (search: string, signal: AbortSignal): Promise<BusinessOption[]> =>
  call("/auth/businesses").GET({ query: { not_individual: "true", per_page: 10, search }, signal })
    .then((a) => a.data);

/** The notification center's cache keys (features/dashboard/notifications-api.ts; a feature cannot import another). */
const NOTIFICATIONS_KEY: ResourceKey = ["notifications"];
const NOTIFICATION_COUNTS_KEY: ResourceKey = ["notification-counts"];

/** The Idempotency-Key of one click, spread into the action's call. */
export type Keyed = { headers: { "Idempotency-Key": string } };

/** One action on a notification (`send` is its typed call); answers the server's message, refreshes the center. */
export async function act(
  send: (keyed: Keyed) => Promise<{ message?: string } | undefined>,
): Promise<string | undefined> {
  const refresh = () => Promise.all([invalidate(NOTIFICATIONS_KEY), invalidate(NOTIFICATION_COUNTS_KEY)]);
  const answer = await send({ headers: { "Idempotency-Key": crypto.randomUUID() } }).catch(async (error) => {
    // Another administrator processed it first: show the list as it now is, then say why.
    if (error instanceof ApiError && error.code === "ALREADY_PROCESSED") await refresh();
    throw error;
  });
  await refresh();
  return answer?.message;
}

/** The changes category's notification types (the queue the review screens walk). */
const CHANGE_TYPES =
  "UPDATE_USER,UPDATE_BUSINESS,NEW_VESSEL,UPDATE_VESSEL,NEW_BUSINESS_REQUEST,NEW_EMPLOYEE_REQUEST,EMPLOYEE_REQUEST_BATCH";

/** Where one open notification is worked: its review screen, or null when it has none. */
export function reviewHref(n: NotificationItem): string | null {
  const a = n.attributes;
  if (a.type === "NEW_BUSINESS_REQUEST") {
    return a.request_pending ? `/app/admin/notifications/${n.id}/business/review` : null;
  }
  if (a.type === "NEW_EMPLOYEE_REQUEST") {
    return a.request_pending ? `/app/admin/notifications/${n.id}/employee/new` : null;
  }
  if (a.type === "EMPLOYEE_REQUEST_BATCH") {
    return `/app/admin/employee-batches/${(a.meta as { batch_id: number }).batch_id}`;
  }
  if (a.approved === null) return `/app/admin/notifications/${n.id}/change/approve`;
  return null;
}

/**
 * After an action the desk opens the next item of its queue (issue 24): the newest open change or request with
 * a review screen, other than the one just done; else the category's list, still chosen.
 */
export async function nextInQueue(doneId: string | number, category = "changes"): Promise<string> {
  if (category === "changes") {
    const page = await call("/auth/notifications").GET({
      query: { types: CHANGE_TYPES, per_page: 20, archived: "false" },
    });
    for (const n of page.data) {
      const href = n.id !== Number(doneId) ? reviewHref(n) : null;
      if (href) return href;
    }
  }
  return `/app?category=${category}`;
}
