/**
 * /app/admin/users/{id} (admin spec §2): the user, the warnings of "User detail warnings" (a pending company
 * request, no business, a primary business not set up in i3, a deleted account), the possible duplicates and
 * the tabs Details, Businesses, Transactions, Tests, Membership, Downloads (only if is_membership_annual) and
 * Password. A deleted account shows an error and hides the tabs and the duplicates.
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchUser, userKey } from "./api.ts";
import { DetailsTab } from "./details-tab.tsx";
import { History } from "../audit/audit-table.tsx";
import { Duplicates } from "./duplicates.tsx";
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

  return (
    <>
      <h2 className="visually-hidden">{a.full_name}</h2>
      {a.has_pending_company_request && (
        <Alert variant="warning" title="Pending company request">
          This user has a company request waiting for an administrator to add or link it.
        </Alert>
      )}
      {!a.is_attached_business && (
        <Alert variant="warning" title="No businesses attached">
          Attach this user to a business before setting up or renewing their membership.
        </Alert>
      )}
      {a.is_attached_business && !a.is_primary_business_setup && (
        <Alert variant="warning" title="Primary business not set up in i3">
          The primary business is not set up for the testing system: fix its location code before setting up
          or renewing the membership.
        </Alert>
      )}
      {a.has_duplicate && <Duplicates id={id} />}
      <Tabs
        label={`${a.full_name} sections`}
        tabs={tabs.map((t) => ({ id: t.toLowerCase(), label: t, render: () => panel(t) }))}
      />
    </>
  );
}
