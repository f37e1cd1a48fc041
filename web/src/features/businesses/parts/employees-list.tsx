/**
 * A company's employees, each linking to the employee's screen (details, membership, tests), and below them
 * the employee requests still waiting for APCA, so the owner sees what is pending (public spec §4).
 */
import { Email } from "../../../components/email.tsx";
import { Link } from "wouter";
import type { BusinessUser } from "@api/contract";
import { employeeRequestsKey, employeesKey, fetchEmployeeRequests, fetchEmployees } from "../businesses.ts";
import { useResource } from "../../../lib/use-resource.ts";
import { Chip } from "../../../components/chip.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";

export function EmployeesList({ businessId }: { businessId: number }) {
  const employees = useResource(employeesKey(businessId), (signal) => fetchEmployees(businessId, signal));
  if (employees.error) {
    return (
      <LoadError
        title="The employees could not be loaded"
        error={employees.error}
        onRetry={employees.reload}
      />
    );
  }
  if (!employees.data) return <Skeleton label="Loading the employees…" />;
  const staff = employees.data.filter((row) => row.attributes.is_employee);
  return (
    <>
      {staff.length === 0
        ? <p className="empty-state">No employees yet.</p>
        : (
          <ul className="record-list" aria-label="Employees">
            {staff.map((row) => <EmployeeItem key={row.id} row={row} businessId={businessId} />)}
          </ul>
        )}
      <PendingRequests businessId={businessId} />
    </>
  );
}

function EmployeeItem({ row, businessId }: { row: BusinessUser; businessId: number }) {
  const e = row.attributes;
  const name = [e.user_first_name, e.user_middle_name, e.user_last_name].filter(Boolean).join(" ");
  return (
    <li className="record">
      <p className="record-title">
        <Link href={`/app/member/businesses/${businessId}/employee/${e.user_id}`}>{name}</Link>
        {e.user_active_membership
          ? <Chip tone="success">{e.user_is_membership_annual ? "Annual member" : "One-time test"}</Chip>
          : <Chip tone="warning">No active membership</Chip>}
        {(e.pending_request || e.user_pending_request) && <Chip tone="warning">Pending APCA</Chip>}
      </p>
      {e.user_member_id && <p className="record-facts">Member {e.user_member_id}</p>}
    </li>
  );
}

function PendingRequests({ businessId }: { businessId: number }) {
  const requests = useResource(
    employeeRequestsKey(businessId),
    (signal) => fetchEmployeeRequests(businessId, signal),
  );
  const pending = requests.data?.filter((r) => r.attributes.status === "pending") ?? [];
  if (requests.error || pending.length === 0) return null;
  return (
    <section aria-labelledby={`pending-${businessId}`}>
      <h3 id={`pending-${businessId}`}>Waiting for APCA approval</h3>
      <ul className="record-list">
        {pending.map((r) => (
          <li key={r.id} className="record">
            <p className="record-title">
              <span>{r.attributes.first_name} {r.attributes.last_name}</span>
              <Chip tone="warning">Requested</Chip>
            </p>
            {r.attributes.email && (
              <p className="record-facts">
                <Email address={r.attributes.email} />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
