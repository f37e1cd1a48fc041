/**
 * The Employees tab: the business's users with their membership state; each opens the administrators'
 * employee detail. Removing one is offered only when no request about them is pending (admin spec §6), and
 * asks first; Move opens the employee detail, where they are moved or their primary business set (issue 37).
 */
import { useState } from "react";
import { Link } from "wouter";
import type { BusinessUser } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { BUSINESS_KEY, fetchEmployees, removeEmployee } from "./api.ts";

export const fullName = (u: BusinessUser["attributes"]) =>
  [u.user_first_name, u.user_middle_name, u.user_last_name].filter(Boolean).join(" ");

export const employeeHref = (businessUserId: number) => `/app/admin/employee/${businessUserId}`;

export function EmployeesTab({ businessId }: { businessId: number }) {
  const employees = useResource(
    [...BUSINESS_KEY, businessId, "employees"],
    (s) => fetchEmployees(businessId, s),
  );
  const [removing, setRemoving] = useState<BusinessUser | null>(null);
  const removeAction = useAction((id: BusinessUser["id"]) => removeEmployee(businessId, id), {
    success: "Employee has been removed from the business",
  });
  const busy = removeAction.busy;

  async function remove() {
    if (!removing) return;
    if ((await removeAction.run(removing.id)).ok) setRemoving(null);
  }

  if (employees.error) {
    return (
      <LoadError
        title="The employees could not be loaded"
        error={employees.error}
        onRetry={employees.reload}
      />
    );
  }
  if (!employees.data) return <Skeleton lines={4} label="Loading the employees…" />;
  if (employees.data.length === 0) return <p className="empty-state">No employees yet</p>;
  return (
    <>
      <DataTable
        caption="Employees"
        columns={["Name", "Member number", "USCG credential", "Role", "Membership", "Action"]}
        rows={employees.data}
        row={(e) => {
          const u = e.attributes;
          const pending = u.pending_request || u.user_pending_request;
          return (
            <tr key={e.id}>
              <td>
                <Link href={employeeHref(e.id)}>{fullName(u)}</Link>
              </td>
              <td>{u.user_member_id ?? ""}</td>
              <td>{u.user_uscg_cred ?? ""}</td>
              <td>{[u.is_owner && "Owner", u.is_employee && "Employee"].filter(Boolean).join(", ")}</td>
              <td>
                {u.user_active_membership
                  ? <Chip tone="success">{u.user_is_membership_annual ? "Annual" : "One-time"}</Chip>
                  : <Chip>None</Chip>}
              </td>
              <td>
                <div className="row-actions">
                  {!u.is_owner && (
                    <Link
                      className="button button-secondary"
                      href={employeeHref(e.id)}
                      aria-label={`Move ${fullName(u)} or make this their primary business`}
                    >
                      Move
                    </Link>
                  )}
                  {pending ? <span className="field-hint">Request pending</span> : (
                    <Button
                      variant="secondary"
                      onClick={() => setRemoving(e)}
                      aria-label={`Remove ${fullName(u)}`}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? fullName(removing.attributes) : ""}?`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={busy}
        destructive
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      >
        <p>They leave this business; their tests and memberships stay on record.</p>
      </ConfirmDialog>
    </>
  );
}
