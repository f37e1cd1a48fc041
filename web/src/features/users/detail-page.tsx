/**
 * /app/admin/users/{id} (admin spec §2): the user, the warnings of "User detail warnings" (a pending company
 * request, no business, a primary business not set up in i3, a deleted account), the possible duplicates and
 * the tabs Details, Businesses, Transactions, Tests, Membership, Downloads (only if is_membership_annual) and
 * Password. A deleted account shows an error and hides the tabs and the duplicates. It starts with the person's
 * name, membership status and next action, and each warning links to where it is fixed (issue 24 item 3).
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchUser, userKey } from "./api.ts";
import type { UserDetail } from "@api/contract";
import { Link } from "wouter";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useMembership } from "../memberships/use-membership.ts";
import { fixes, nextAction } from "./next-action.ts";
import { DetailsTab } from "./details-tab.tsx";
import { History } from "../audit/audit-table.tsx";
import { Duplicates } from "./duplicates.tsx";
import { MergeEntry } from "./merge-entry.tsx";
import {
  BusinessesTab,
  DownloadsTab,
  MembershipTab,
  PasswordTab,
  TestsTab,
  TransactionsTab,
} from "./tabs.tsx";

const TABS = [
  "Details",
  "Businesses",
  "Transactions",
  "Tests",
  "Membership",
  "Downloads",
  "Password",
  "History",
] as const;

/**
 * The page starts with the person (issue 24 item 3): their name, member number, membership status and the one
 * next action.
 */
function UserSummary({ id, user }: { id: string; user: UserDetail["attributes"] }) {
  const membership = useMembership({ kind: "user", userId: Number(id) });
  const status = membership.data === undefined ? undefined : membership.data?.attributes.status ?? null;
  const next = nextAction({ ...user, id }, status ?? null);
  return (
    <header className="user-summary" data-testid="user-summary">
      <h2>{user.full_name}</h2>
      <p>
        {user.member_number ? `Member ${user.member_number} · ` : ""}Membership: {status === undefined
          ? "…"
          : status === null
          ? <strong>No membership</strong>
          : <StatusBadge status={status} />}
      </p>
      {status !== undefined && (
        <p>
          Next: <Link href={next.href} className="button button-primary">{next.label}</Link>
        </p>
      )}
    </header>
  );
}

export default function UserDetailPage({ params }: PageProps) {
  const id = params.id!;
  const user = useResource(userKey(id), (signal) => fetchUser(id, signal));
  useSubjectName(`/app/admin/users/${id}`, user.data?.attributes.full_name);
  if (user.loading && !user.data) return <Skeleton lines={6} label="Loading the user…" />;
  if (user.error || !user.data) {
    return <LoadError title="The user could not be loaded" error={user.error} onRetry={user.reload} />;
  }
  const u = user.data;
  const a = u.attributes;
  if (a._deleted) {
    return (
      <Alert variant="error" title="This account has been deleted">
        {a.full_name}'s account was deleted: sign-in and contact details are gone, the records the law keeps
        remain. Contact the system administrator to restore it.
      </Alert>
    );
  }
  const tabs = TABS.filter((t) => t !== "Downloads" || a.is_membership_annual);
  const panel = (t: (typeof TABS)[number]) =>
    t === "Details"
      ? <DetailsTab user={u} />
      : t === "Businesses"
      ? <BusinessesTab id={id} />
      : t === "Transactions"
      ? <TransactionsTab id={id} />
      : t === "Tests"
      ? <TestsTab id={id} />
      : t === "Membership"
      ? <MembershipTab id={id} />
      : t === "Downloads"
      ? <DownloadsTab user={u} />
      : t === "Password"
      ? <PasswordTab id={id} />
      : <History entity="user" entityId={id} />;

  const fix = fixes({ ...a, id });
  return (
    <>
      <UserSummary id={id} user={a} />
      {a.has_pending_company_request && (
        <Alert variant="warning" title="Pending company request">
          This user has a company request waiting for an administrator to add or link it.{" "}
          <Link href={fix.companyRequest}>Review the company request</Link>
        </Alert>
      )}
      {!a.is_attached_business && (
        <Alert variant="warning" title="No businesses attached">
          Attach this user to a business before setting up or renewing their membership.{" "}
          <Link href={fix.attach}>Attach a business</Link>
        </Alert>
      )}
      {a.is_attached_business && !a.is_primary_business_setup && (
        <Alert variant="warning" title="Primary business not set up in i3">
          The primary business is not set up for the testing system: fix its location code before setting up
          or renewing the membership. <Link href={fix.primary}>Open the primary business</Link>
        </Alert>
      )}
      {a.has_duplicate && <Duplicates id={id} />}
      <Tabs
        label={`${a.full_name} sections`}
        tabs={tabs.map((t) => ({ id: t.toLowerCase(), label: t, render: () => panel(t) }))}
      />
      <MergeEntry id={id} />
    </>
  );
}
