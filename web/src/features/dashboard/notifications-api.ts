/**
 * The notification center's calls (admin spec §7 "Notifications"). Every action answers the spec's toast in
 * `message`; each click sends its own Idempotency-Key, so a retried request is answered once.
 */
import { ApiError } from "../../lib/api.ts";
import { invalidate, type ResourceKey } from "../../lib/use-resource.ts";
import { call } from "../../lib/typed-api.ts";
import type {
  NotificationCategory,
  NotificationCounts,
  NotificationItem,
  NotificationPageAnswer,
  PausedItem,
  PausedPageAnswer,
  RegistrationItem,
  RegistrationPageAnswer,
} from "@api/contract";

export const PER_PAGE = 20;

/** The left list, in the spec's order, and the notification types the general list asks for. */
export const CATEGORY_LIST: { id: NotificationCategory; label: string; types?: string }[] = [
  { id: "registration", label: "Registrations" },
  {
    id: "changes",
    label: "Company/Member Changes",
    types:
      "UPDATE_USER,UPDATE_BUSINESS,NEW_VESSEL,UPDATE_VESSEL,NEW_BUSINESS_REQUEST,NEW_EMPLOYEE_REQUEST,EMPLOYEE_REQUEST_BATCH",
  },
  { id: "paused", label: "Paused Memberships" },
  { id: "store", label: "Store Notifications", types: "NEW_ORDER" },
  { id: "cancelled", label: "Canceled Memberships", types: "MEMBERSHIP_CANCELLED" },
];

export type Entry =
  | { kind: "registration"; item: RegistrationItem }
  | { kind: "paused"; item: PausedItem }
  | { kind: "notification"; item: NotificationItem };

export interface Loaded {
  entries: Entry[];
  total: number;
}

/** Cache keys: every list of the center starts with NOTIFICATIONS_KEY; an action invalidates both. */
export const NOTIFICATIONS_KEY: ResourceKey = ["notifications"];
export const NOTIFICATION_COUNTS_KEY: ResourceKey = ["notification-counts"];
/** The center's search and filters (issue 24): words, one type of the category, a date range. */
export interface Filters {
  q: string;
  type: string;
  from: string;
  to: string;
}
export const NO_FILTERS: Filters = { q: "", type: "", from: "", to: "" };

/** The types a category's Type filter offers, with their words. */
export const TYPE_LABELS: Record<string, string> = {
  UPDATE_USER: "Member details change",
  UPDATE_BUSINESS: "Business change",
  NEW_VESSEL: "New vessel",
  UPDATE_VESSEL: "Vessel change",
  NEW_BUSINESS_REQUEST: "Company request",
  NEW_EMPLOYEE_REQUEST: "Employee request",
  EMPLOYEE_REQUEST_BATCH: "Crew list upload",
};

export const notificationsKey = (
  category: NotificationCategory,
  archived: boolean,
  pages: number,
  filters: Filters = NO_FILTERS,
): ResourceKey => [
  ...NOTIFICATIONS_KEY,
  category,
  archived ? "archived" : "open",
  pages,
  filters.q,
  filters.type,
  filters.from,
  filters.to,
];

export const fetchCounts = (signal: AbortSignal): Promise<NotificationCounts> =>
  call("/auth/notifications/count").GET({ signal }).then((a) => a.data);

/** Pages 1..`pages` of a category's list, joined (Load More asks for one page more). */
export async function fetchList(
  category: NotificationCategory,
  archived: boolean,
  pages: number,
  signal: AbortSignal,
  filters: Filters = NO_FILTERS,
): Promise<Loaded> {
  const one = async (page: number): Promise<{ entries: Entry[]; total: number }> => {
    const query = {
      page,
      per_page: PER_PAGE,
      archived: String(archived) as "true" | "false",
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
    };
    if (category === "registration") {
      const a: RegistrationPageAnswer = await call("/auth/notification/registrations").GET({ query, signal });
      return { entries: a.data.map((item) => ({ kind: "registration", item })), total: a.meta.total };
    }
    if (category === "paused") {
      const a: PausedPageAnswer = await call("/auth/notification/memberships/paused").GET({ query, signal });
      return { entries: a.data.map((item) => ({ kind: "paused", item })), total: a.meta.total };
    }
    const all = CATEGORY_LIST.find((c) => c.id === category)!.types!;
    const types = filters.type && all.split(",").includes(filters.type) ? filters.type : all;
    const a: NotificationPageAnswer = await call("/auth/notifications").GET({
      query: { ...query, types },
      signal,
    });
    return { entries: a.data.map((item) => ({ kind: "notification", item })), total: a.meta.total };
  };
  const all = await Promise.all(Array.from({ length: pages }, (_, i) => one(i + 1)));
  return { entries: all.flatMap((p) => p.entries), total: all[all.length - 1].total };
}

/** The Idempotency-Key of one click, spread into the action's call. */
export type Keyed = { headers: { "Idempotency-Key": string } };

/**
 * Runs one action (`send` is its typed call, given this click's key) and answers the server's message; the
 * lists and the badges reload.
 */
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

/** One bulk action over chosen notifications; answers the server's count ("Archived 3 of 4 notifications"). */
export async function bulkAct(action: "archive" | "approve", ids: number[]): Promise<string> {
  const refresh = () => Promise.all([invalidate(NOTIFICATIONS_KEY), invalidate(NOTIFICATION_COUNTS_KEY)]);
  try {
    const answer = await call("/auth/notifications/bulk").POST({
      body: { action, ids },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    const skipped = answer.data.filter((o) => !o.ok);
    return skipped.length ? `${answer.message}; ${skipped[0].message}` : answer.message;
  } finally {
    await refresh();
  }
}
