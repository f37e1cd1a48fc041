/**
 * The DER's dashboard (spec §2 /app, §6 DER): the companies they run, with the compliance kit and the i3
 * set-up that decide what they can do next, each linking to the company's page.
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import type { Business } from "@api/contract";
import { fetchCompanies } from "./api.ts";

export function DerView() {
  const companies = useResource(["companies"], fetchCompanies);
  return (
    <section className="dashboard-card dashboard-card-wide" aria-labelledby="companies-card">
      <h2 id="companies-card">Your companies</h2>
      {companies.loading ? <Skeleton label="Loading your companies…" /> : companies.error
        ? (
          <LoadError
            title="Your companies could not be loaded"
            error={companies.error}
            onRetry={companies.reload}
          />
        )
        : companies.data === null
        ? (
          // Neither GET /api/auth/der/companies nor /auth/account/businesses exists on this server yet.
          <p className="not-built">
            The list of your companies is not available yet. Open them from{" "}
            <Link href="/app/member/businesses">My Company</Link>.
          </p>
        )
        : companies.data?.length
        ? (
          <ul className="company-list">
            {companies.data.map((company) => <CompanyItem key={company.id} company={company} />)}
          </ul>
        )
        : <p className="empty-state">You do not run any company yet.</p>}
    </section>
  );
}

function CompanyItem({ company }: { company: Business }) {
  const c = company.attributes;
  return (
    <li className="company">
      <p className="company-name">
        <Link href={`/app/member/businesses/${company.id}`}>{c.name}</Link>
      </p>
      {c.has_pending_new_company_approval
        ? <Alert variant="warning">Not Approved: APCA is reviewing this company.</Alert>
        : (
          <ul className="company-facts" aria-label={`${c.name} status`}>
            <li>
              Compliance kit: {c.has_compliance_kit
                ? <Chip tone="success">Purchased</Chip>
                : <Chip tone="warning">Not purchased</Chip>}
            </li>
            <li>
              i3 set-up:{" "}
              {c.is_i3_setup ? <Chip tone="success">Complete</Chip> : <Chip tone="warning">Incomplete</Chip>}
            </li>
            {c.is_active === false && (
              <li>
                <Chip tone="danger">Business is inactive.</Chip>
              </li>
            )}
          </ul>
        )}
      {c.is_i3_setup === false && !c.has_pending_new_company_approval && (
        <p className="field-hint">Please contact APCA to allow new employees to be added</p>
      )}
    </li>
  );
}
