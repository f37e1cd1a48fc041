/**
 * /app/admin/employee/{id} (admin spec §2): one employee of a business (a business user, read by its own id
 * with GET /auth/business-user/{id}, which names its business). Tabs: Details,
 * Membership, Tests (the tests taken under this company only) and Downloads (only with an active annual
 * membership: the Letter of Compliance, downloaded or e-mailed). Details also moves the employee to another company
 * or makes this one their primary business (employee-manage.tsx, issue 37).
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import { Link } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import type { BusinessUser } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { call, callFile } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import { BUSINESS_KEY, businessKey, fetchBusiness, fetchEmployeeById } from "./api.ts";
import { EmployeeManage } from "./employee-manage.tsx";
import { fullName } from "./employees-tab.tsx";
import { TestsTab } from "./list-tabs.tsx";
import { Tabs, useTabParam } from "../../components/tabs.tsx";
import "./admin-businesses.css";

export default function EmployeePage({ params }: PageProps) {
  const id = Number(params.id);
  const employee = useResource([...BUSINESS_KEY, "employee", id], (signal) => fetchEmployeeById(id, signal));
  useSubjectName(`/app/admin/employee/${id}`, employee.data && fullName(employee.data.attributes));
  if (employee.error) {
    return (
      <LoadError title="The employee could not be loaded" error={employee.error} onRetry={employee.reload} />
    );
  }
  if (!employee.data) return <Skeleton lines={5} label="Loading the employee…" />;
  const businessId = employee.data.relationships.business?.data?.id;
  if (!businessId) return <Alert variant="warning">This employee belongs to no business.</Alert>;
  return <EmployeeView employee={employee.data} businessId={businessId} />;
}

function EmployeeView({ employee, businessId }: { employee: BusinessUser; businessId: number }) {
  const u = employee.attributes;
  const business = useResource(businessKey(businessId), (signal) => fetchBusiness(businessId, signal));
  const downloads = u.user_active_membership && u.user_is_membership_annual;
  const tabs = [
    { id: "details", label: "Details" },
    { id: "membership", label: "Membership" },
    { id: "tests", label: "Tests" },
    ...(downloads ? [{ id: "downloads", label: "Downloads" }] : []),
  ];
  const tab = useTabParam(tabs);
  return (
    <>
      <h2>{fullName(u)}</h2>
      {(u.pending_request || u.user_pending_request) && (
        <Alert variant="warning">A request about this employee is waiting for APCA.</Alert>
      )}
      <Tabs
        label={`${fullName(u)} sections`}
        tabs={tabs.map((t) => ({
          ...t,
          render: () => (
            <>
              {tab === "details" && (
                <dl className="details-list">
                  <dt>Member number</dt>
                  <dd>{u.user_member_id ?? "—"}</dd>
                  <dt>USCG credential</dt>
                  <dd>{u.user_uscg_cred ?? "—"}</dd>
                  <dt>Role</dt>
                  <dd>{[u.is_owner && "Owner", u.is_employee && "Employee"].filter(Boolean).join(", ")}</dd>
                  <dt>Business</dt>
                  <dd>
                    <Link href={`/app/admin/businesses/${businessId}?tab=employees`}>
                      {business.data?.attributes.name ?? `Business #${businessId}`}
                    </Link>
                  </dd>
                  <dt>User</dt>
                  <dd>
                    <Link href={`/app/admin/users/${u.user_id}`}>{fullName(u)}</Link>
                  </dd>
                  <dt>Primary business</dt>
                  <dd>{u.is_primary ? "Yes" : "No"}</dd>
                </dl>
              )}
              {tab === "details" && business.data && (
                <EmployeeManage
                  key={employee.id}
                  employee={employee}
                  businessId={businessId}
                  businessName={business.data.attributes.name}
                  name={fullName(u)}
                />
              )}
              {tab === "membership" && (
                <>
                  <p>
                    Membership: {u.user_active_membership
                      ? (
                        <Chip tone="success">
                          {u.user_is_membership_annual ? "Active annual" : "Active one-time"}
                        </Chip>
                      )
                      : <Chip>None active</Chip>}
                  </p>
                  <div className="action-bar">
                    <Link
                      href={`/app/admin/users/${u.user_id}/membership/details`}
                      className="button button-secondary"
                    >
                      Membership Details
                    </Link>
                    <Link
                      href={`/app/admin/businesses/${businessId}/membership/new?user=${u.user_id}`}
                      className="button button-primary"
                    >
                      Setup/Renew Membership
                    </Link>
                  </div>
                </>
              )}
              {tab === "tests" && <TestsTab businessId={businessId} userId={u.user_id} />}
              {tab === "downloads" && (
                <LetterDownloads userId={u.user_id} canDownload={u.user_can_download_compliance} />
              )}
            </>
          ),
        }))}
      />
    </>
  );
}

function LetterDownloads({ userId, canDownload }: { userId: number; canDownload: boolean }) {
  const action = useAction(async (which: "download" | "email") => {
    if (which === "download") {
      const file = await callFile("/auth/user/{id}/compliance-letter").GET({ params: { id: userId } });
      saveFile(file.blob, file.filename ?? "letter-compliance.pdf");
    } else {
      await call("/auth/user/{id}/compliance-email").POST({ params: { id: userId } });
    }
  }, { success: (_, which) => which === "download" ? "Downloading Document" : "Letter Has Been Emailed" });
  const busy = action.running?.[0] ?? null;
  const run = action.run;
  if (!canDownload) return <p className="empty-state">No Letter of Compliance can be issued right now.</p>;
  return (
    <div className="action-bar">
      <Button
        busy={busy === "download"}
        busyLabel="Downloading…"
        disabled={busy !== null}
        onClick={() => run("download")}
      >
        Download Letter Of Compliance
      </Button>
      <Button
        variant="secondary"
        busy={busy === "email"}
        busyLabel="Sending…"
        disabled={busy !== null}
        onClick={() => run("email")}
      >
        Email Letter Of Compliance
      </Button>
    </div>
  );
}
