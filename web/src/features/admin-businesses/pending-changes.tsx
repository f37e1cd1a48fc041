/**
 * The business page's pending changes (issue 24 item 3, decision 0069): the open requests about this business
 * (a DBA or other business change, a vessel change, a company or employee request), each linked to the screen
 * where it is decided, so what blocks the business (e.g. a pending DBA change before a DER's order) shows here.
 */
import { Link } from "wouter";
import type { NotificationItem } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { call } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";

const TYPES =
  "UPDATE_BUSINESS,NEW_VESSEL,UPDATE_VESSEL,NEW_BUSINESS_REQUEST,NEW_EMPLOYEE_REQUEST,UPDATE_USER";

const TITLES: Record<string, string> = {
  UPDATE_BUSINESS: "Business change",
  NEW_VESSEL: "New vessel",
  UPDATE_VESSEL: "Vessel change",
  NEW_BUSINESS_REQUEST: "Company request",
  NEW_EMPLOYEE_REQUEST: "Employee request",
  UPDATE_USER: "Member details change",
};

const FIELD_WORDS: Record<string, string> = { dba_name: "DBA name", tax_id: "EIN", is_active: "Active" };
const field = (k: string) => FIELD_WORDS[k] ?? k.replace(/_/g, " ");

/** Where one pending item is decided (the desk's review screens). */
export function pendingHref(n: NotificationItem): string | null {
  const a = n.attributes;
  if (a.type === "NEW_BUSINESS_REQUEST") {
    return a.request_pending ? `/app/admin/notifications/${n.id}/business/review` : null;
  }
  if (a.type === "NEW_EMPLOYEE_REQUEST") {
    return a.request_pending ? `/app/admin/notifications/${n.id}/employee/new` : null;
  }
  return a.approved === null ? `/app/admin/notifications/${n.id}/change/approve` : null;
}

function describe(n: NotificationItem): string {
  const m = n.attributes.meta as { changes?: Record<string, unknown>; vessel_name?: string | null };
  const fields = Object.keys(m.changes ?? {});
  const what = [TITLES[n.attributes.type] ?? n.attributes.type, m.vessel_name].filter(Boolean).join(": ");
  return fields.length ? `${what} (${fields.map(field).join(", ")})` : what;
}

export function PendingChanges({ businessId }: { businessId: number }) {
  const list = useResource(
    ["notifications", "business", businessId],
    (signal) =>
      call("/auth/notifications").GET({
        query: { types: TYPES, business_id: businessId, per_page: 20 },
        signal,
      }),
  );
  const open = (list.data?.data ?? []).map((n) => ({ n, href: pendingHref(n) })).filter((x) => x.href);
  if (!open.length) return null;
  return (
    <Alert variant="warning" title={`Pending changes (${open.length})`}>
      <ul data-testid="pending-changes">
        {open.map(({ n, href }) => (
          <li key={n.id}>
            <Link href={href!}>{describe(n)}</Link>, asked {n.attributes.trigger_user_first_name
              ? `by ${n.attributes.trigger_user_first_name} ${n.attributes.trigger_user_last_name ?? ""} `
              : ""}
            on {formatInstant(n.attributes.created_at)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
