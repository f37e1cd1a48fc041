/**
 * The DER's dashboard: My Company (public spec §2 "My Company", §6 DER). A company selector (its 'new'
 * option opens Add Business), the chosen company's state (Not Approved, inactive, a change waiting for
 * APCA), Add Employee (only once the company is set up in i3; otherwise 'Please contact APCA to allow new
 * employees to be added') and Add Vessel, both coming back here, and its Employees and Vessels tabs. Below it,
 * Shared With You: how many members' consents (49 CFR 40.321, decision 0092) name the DER or their company
 * today, and the way to the page that opens them (nothing of a member's results is loaded here).
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { Business } from "@api/contract";
import { EmployeesList } from "../businesses/parts/employees-list.tsx";
import { addEmployeeBlocked, BusinessNotices, RoleBadge } from "../businesses/parts/status.tsx";
import { VesselsList } from "../businesses/parts/vessels-list.tsx";
import { RosterNotice } from "../rosters/roster-notice.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { BUSINESSES_KEY } from "../businesses/businesses.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchReceived, RECEIVED_KEY, RECEIVED_PATH } from "../consents/consents.ts";
import { fetchCompanies } from "./api.ts";

const NEW = "new";

export function DerView() {
  return (
    <div className="dashboard-grid">
      <CompanyCard />
      <SharedWithYou />
    </div>
  );
}

/** The consents naming the DER that run today, counted, with the link to Shared With You. */
function SharedWithYou() {
  const received = useResource(RECEIVED_KEY, fetchReceived);
  const count = received.data?.length ?? 0;
  return (
    <section className="dashboard-card dashboard-card-wide" aria-labelledby="shared-with-you">
      <h2 id="shared-with-you">Shared With You</h2>
      {received.error
        ? (
          <LoadError
            title="The consents given to you could not be loaded"
            error={received.error}
            onRetry={received.reload}
          />
        )
        : received.data === undefined
        ? <Skeleton lines={1} label="Loading the consents given to you…" />
        : (
          <p>
            {count === 0
              ? "No member has shared their test results with you."
              : `${count} ${count === 1 ? "member shares" : "members share"} their test results with you, ` +
                "with their written consent."}
          </p>
        )}
      <div className="dashboard-actions">
        <Link href={RECEIVED_PATH} className="button button-secondary">See results shared with you</Link>
      </div>
    </section>
  );
}

function CompanyCard() {
  const companies = useResource([...BUSINESSES_KEY, "der"], fetchCompanies);
  return (
    <section className="dashboard-card dashboard-card-wide" aria-labelledby="my-company">
      <h2 id="my-company">My Company</h2>
      {companies.error
        ? (
          <LoadError
            title="Your companies could not be loaded"
            error={companies.error}
            onRetry={companies.reload}
          />
        )
        : companies.data === undefined
        ? <Skeleton label="Loading your companies…" />
        : <MyCompany companies={companies.data ?? []} />}
    </section>
  );
}

function MyCompany({ companies }: { companies: Business[] }) {
  const [, navigate] = useLocation();
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Until one is chosen, the company the DER registered with (the first made), not the newest one.
  const first = companies.reduce<Business | undefined>(
    (a, c) => (a === undefined || c.id < a.id ? c : a),
    undefined,
  );
  const company = companies.find((c) => c.id === chosenId) ?? first;
  if (!company) {
    return (
      <>
        <p className="empty-state">You do not run any company yet.</p>
        <Link href="/app/member/businesses/new" className="button button-primary">Add a company</Link>
      </>
    );
  }
  return (
    <>
      <div className="field">
        <label htmlFor="company-select">Company</label>
        <select
          id="company-select"
          value={String(company.id)}
          onChange={(event) => {
            if (event.target.value === NEW) navigate("/app/member/businesses/new");
            else setChosenId(Number(event.target.value));
          }}
        >
          {companies.map((c) => <option key={c.id} value={c.id}>{c.attributes.name}</option>)}
          <option value={NEW}>New company…</option>
        </select>
      </div>
      <CompanyPanel key={company.id} company={company} />
    </>
  );
}

function CompanyPanel({ company }: { company: Business }) {
  const c = company.attributes;
  const base = `/app/member/businesses/${company.id}`;
  const employeeBlock = addEmployeeBlocked(company);
  return (
    <>
      <p className="company-name">
        <Link href={base}>{c.name}</Link> <RoleBadge business={company} />
      </p>
      <BusinessNotices business={company} />
      <RosterNotice businessId={company.id} />
      {!c.has_pending_new_company_approval && (
        <>
          <ul className="company-facts" aria-label={`${c.name} status`}>
            <li>
              Compliance kit: {c.has_compliance_kit
                ? <Chip tone="success">Purchased</Chip>
                : <Link href={base}>Not purchased: buy it</Link>}
            </li>
            <li>
              i3 set-up:{" "}
              {c.is_i3_setup ? <Chip tone="success">Complete</Chip> : <Chip tone="warning">Incomplete</Chip>}
            </li>
          </ul>
          <div className="dashboard-actions">
            {employeeBlock ? <p className="field-hint">{employeeBlock}</p> : (
              <Link
                href={`${base}/employee/new?redirectURL=/app`}
                className="button button-primary"
              >
                Add Employee
              </Link>
            )}
            <Link href={`${base}/vessel/new?redirectURL=/app`} className="button button-secondary">
              Add Vessel
            </Link>
          </div>
          <Tabs
            label={`${c.name}: employees and vessels`}
            tabs={[
              {
                id: "employees",
                label: "Employees",
                render: () => <EmployeesList businessId={company.id} />,
              },
              {
                id: "vessels",
                label: "Vessels",
                render: () => <VesselsList businessId={company.id} back="/app?tab=vessels" />,
              },
            ]}
          />
        </>
      )}
    </>
  );
}
