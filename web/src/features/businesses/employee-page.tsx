/**
 * /app/member/businesses/{id}/employee/{eid} (public spec §2 "Employee detail tabs"; eid is the employee's
 * user id): Details, Membership and Tests, and Downloads only while the employee has an active annual
 * membership. The membership itself is run through the shared membership screens under
 * …/employee/{eid}/membership (features/payments/subject.ts), paid with the company's cards.
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import { Link } from "wouter";
import type { BusinessUser } from "@api/contract";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { MembershipActions, MembershipFacts } from "../memberships/membership-parts.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { type Tab, Tabs } from "../../components/tabs.tsx";
import { downloadEmployeeLetter, emailEmployeeLetter, employeesKey, fetchEmployee } from "./businesses.ts";
import { EmployeeActions } from "./employee-actions.tsx";
import { saveFile } from "../../lib/save-file.ts";
import { useAction } from "../../lib/use-action.ts";
import { fetchMembership, membershipKey } from "../memberships/api.ts";
import { screenPaths } from "../memberships/screens.ts";
import { type Subject } from "../payments/subject.ts";
import { useResource } from "../../lib/use-resource.ts";
import { BusinessTests } from "./business-tests.tsx";
import { KitDownloads } from "./kit-panel.tsx";
import "./businesses.css";

export default function EmployeePage({ params }: PageProps) {
  const id = Number(params.id);
  const eid = Number(params.eid);
  const employee = useResource([...employeesKey(id), eid], (signal) => fetchEmployee(id, eid, signal));
  const e = employee.data?.attributes;
  useSubjectName(
    `/app/member/businesses/${id}/employee/${eid}`,
    e && [e.user_first_name, e.user_middle_name, e.user_last_name].filter(Boolean).join(" "),
  );
  if (employee.error) {
    return (
      <LoadError title="The employee could not be loaded" error={employee.error} onRetry={employee.reload} />
    );
  }
  if (!employee.data) return <Skeleton lines={5} label="Loading the employee…" />;
  return <EmployeeView businessId={id} employee={employee.data} />;
}

function EmployeeView({ businessId, employee }: { businessId: number; employee: BusinessUser }) {
  const e = employee.attributes;
  const name = [e.user_first_name, e.user_middle_name, e.user_last_name].filter(Boolean).join(" ");
  const subject: Subject = { kind: "employee", businessId, employeeId: e.user_id };
  const tabs: Tab[] = [
    {
      id: "details",
      label: "Details",
      render: () => (
        <>
          <dl className="details-list">
            <dt>Name</dt>
            <dd>{name}</dd>
            <dt>Member number</dt>
            <dd>{e.user_member_id ?? "—"}</dd>
            <dt>USCG credentials</dt>
            <dd>{e.user_uscg_cred ?? "—"}</dd>
            <dt>Requests</dt>
            <dd>
              {e.pending_request || e.user_pending_request ? "Waiting for APCA approval" : "None pending"}
            </dd>
            <dt>Primary business</dt>
            <dd>{e.is_primary ? "This company" : "Another business"}</dd>
          </dl>
          <EmployeeActions businessId={businessId} employee={employee} name={name} />
        </>
      ),
    },
    { id: "membership", label: "Membership", render: () => <EmployeeMembership subject={subject} /> },
    {
      id: "tests",
      label: "Tests",
      render: () => <BusinessTests businessId={businessId} userId={e.user_id} />,
    },
  ];
  if (e.user_active_membership && e.user_is_membership_annual) {
    tabs.push({
      id: "downloads",
      label: "Downloads",
      render: () => (
        <>
          <EmployeeLetter businessId={businessId} employee={employee} name={name} />
          <KitDownloads businessId={businessId} />
        </>
      ),
    });
  }
  return (
    <section aria-labelledby="employee-name">
      <div className="section-head">
        {/* The page's h1 already names the employee: the section's heading is for screen readers. */}
        <h2 id="employee-name" className="visually-hidden">{name}</h2>
        {e.user_active_membership
          ? <Chip tone="success">Active membership</Chip>
          : <Chip>No active membership</Chip>}
      </div>
      <Tabs tabs={tabs} label={`${name} sections`} />
      <p>
        <Link href={`/app/member/businesses/${businessId}?tab=employees`}>Back to the employees</Link>
      </p>
    </section>
  );
}

function EmployeeMembership({ subject }: { subject: Subject }) {
  const membership = useResource(membershipKey(subject), (signal) => fetchMembership(subject, signal));
  const paths = screenPaths(subject);
  if (membership.error) {
    return (
      <LoadError
        title="Unable to load membership details"
        error={membership.error}
        onRetry={membership.reload}
      />
    );
  }
  if (membership.data === undefined) return <Skeleton lines={3} label="Loading the membership…" />;
  return (
    <>
      {membership.data
        ? <MembershipFacts membership={membership.data} own={false} />
        : <p>This employee has no membership yet. The company can start one with one of its cards.</p>}
      <MembershipActions membership={membership.data} paths={paths} />
      <p>
        <Link href={paths.details}>Membership details and history</Link>
      </p>
    </>
  );
}

/** The employee's Letter of Compliance, when they can have one (public spec §6). */
function EmployeeLetter(
  { businessId, employee, name }: { businessId: number; employee: BusinessUser; name: string },
) {
  const download = useAction(async () => {
    const file = await downloadEmployeeLetter(businessId, employee.attributes.user_id);
    saveFile(file.blob, file.filename);
  });
  const email = useAction(() => emailEmployeeLetter(businessId, employee.attributes.user_id), {
    success: (message) => message,
  });
  if (!employee.attributes.user_can_download_compliance) {
    return <p>{name} cannot have a Letter of Compliance yet.</p>;
  }
  return (
    <p>
      <Button busy={download.busy} busyLabel="Downloading…" onClick={() => download.run()}>
        Download {name}'s Letter of Compliance
      </Button>{" "}
      <Button variant="secondary" busy={email.busy} busyLabel="Sending…" onClick={() => email.run()}>
        E-mail the Letter to {name}
      </Button>
    </p>
  );
}
