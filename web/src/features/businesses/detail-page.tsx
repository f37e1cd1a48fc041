/**
 * /app/member/businesses/{id} (public spec §2 "Business detail tabs"): Information always; My Tests and My
 * Downloads (the member's own tests and documents, the tables of /app/account/tests and /downloads) when the
 * user has a membership; Business Tests, Vessels and Employees when the business is a
 * company and the user its owner, with Compliance (each employee's coverage and last test, issue 25) and Random Selections (its employees selected in released random pools,
 * decision 0033); Downloads when it has the compliance kit. The Owner or Employee badge, an
 * inactive business's reason, a change waiting for APCA; a company APCA has not approved yet shows only the
 * 'Not Approved' warning, not its details.
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import { RosterNotice } from "../rosters/roster-notice.tsx";
import { Link } from "wouter";
import type { Business } from "@api/contract";
import { EmployeesList } from "./parts/employees-list.tsx";
import { addEmployeeBlocked, BusinessNotices, editBlocked, RoleBadge } from "./parts/status.tsx";
import { VesselsList } from "./parts/vessels-list.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { type Tab, Tabs } from "../../components/tabs.tsx";
import type { PageProps } from "../../lib/page-props.ts";
import { businessKey, fetchBusiness } from "./businesses.ts";
import { fetchMembership, membershipKey } from "../memberships/api.ts";
import { SELF } from "../payments/subject.ts";
import { useResource } from "../../lib/use-resource.ts";
import { useCachedResource } from "../../offline/use-cached.ts";
import { BusinessTests } from "./business-tests.tsx";
import { RandomSelections } from "./random-selections.tsx";
import { ComplianceOverview } from "./compliance-overview.tsx";
import { KitDownloads, KitPurchase } from "./kit-panel.tsx";
import { CompanyOrders } from "../orders/company-orders.tsx";
import MyTests from "../drug-tests/tests-page.tsx";
import MyDownloads from "../documents/downloads-page.tsx";
import "./businesses.css";

export default function BusinessDetailPage({ params }: PageProps) {
  const id = Number(params.id);
  // Kept on the device, so its Orders tab opens offline (issue 37, decision 0014).
  const business = useCachedResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  useSubjectName(`/app/member/businesses/${id}`, business.data?.attributes.name);
  const membership = useResource(membershipKey(SELF), (signal) => fetchMembership(SELF, signal));
  if (business.error) {
    return (
      <LoadError title="The business could not be loaded" error={business.error} onRetry={business.reload} />
    );
  }
  if (!business.data) return <Skeleton lines={5} label="Loading the business…" />;
  return <BusinessView business={business.data} hasMembership={Boolean(membership.data)} />;
}

function BusinessView({ business, hasMembership }: { business: Business; hasMembership: boolean }) {
  const b = business.attributes;
  const base = `/app/member/businesses/${business.id}`;
  const back = `${base}?tab=vessels`;
  const heading = (
    <div className="section-head">
      {/* The page's h1 already names it ("Business Details: …"): the section's heading is for screen readers. */}
      <h2 id="business-name" className="visually-hidden">{b.name}</h2>
      <RoleBadge business={business} />
    </div>
  );
  if (b.has_pending_new_company_approval) {
    return (
      <section aria-labelledby="business-name">
        {heading}
        <BusinessNotices business={business} />
      </section>
    );
  }
  const ownerTabs = !b.is_individual && b.is_owner;
  const tabs: Tab[] = [{
    id: "information",
    label: "Information",
    render: () => <Information business={business} />,
  }];
  if (hasMembership) {
    tabs.push(
      {
        id: "my-tests",
        label: "My Tests",
        // The member's own tests and documents, the same tables as My Tests and My Downloads (spec §2).
        render: () => <MyTests />,
      },
      {
        id: "my-downloads",
        label: "My Downloads",
        render: () => <MyDownloads />,
      },
    );
  }
  if (ownerTabs) {
    const employeeBlock = addEmployeeBlocked(business);
    tabs.push(
      {
        id: "compliance",
        label: "Compliance",
        render: () => <ComplianceOverview businessId={business.id} />,
      },
      {
        id: "business-tests",
        label: "Business Tests",
        render: () => <BusinessTests businessId={business.id} />,
      },
      {
        id: "random-selections",
        label: "Random Selections",
        render: () => <RandomSelections businessId={business.id} />,
      },
      // The company's paid orders with their receipts (decision 0063).
      { id: "orders", label: "Orders", render: () => <CompanyOrders businessId={business.id} /> },
      {
        id: "vessels",
        label: "Vessels",
        render: () => (
          <>
            <p>
              <Link
                href={`${base}/vessel/new?redirectURL=${encodeURIComponent(back)}`}
                className="button button-primary"
              >
                Add Vessel
              </Link>
            </p>
            <VesselsList businessId={business.id} back={back} />
          </>
        ),
      },
      {
        id: "employees",
        label: "Employees",
        render: () => (
          <>
            {employeeBlock ? <p className="field-hint">{employeeBlock}</p> : (
              <p className="form-actions">
                <Link href={`${base}/employee/new`} className="button button-primary">Add Employee</Link>
                <Link href={`${base}/employee/upload`} className="button button-secondary">
                  Upload Crew List
                </Link>
              </p>
            )}
            <RosterNotice businessId={business.id} />
            <EmployeesList businessId={business.id} />
          </>
        ),
      },
    );
  }
  if (b.has_compliance_kit) {
    tabs.push({
      id: "downloads",
      label: "Downloads",
      render: () => <KitDownloads businessId={business.id} />,
    });
  }
  return (
    <section aria-labelledby="business-name">
      {heading}
      <BusinessNotices business={business} />
      <Tabs tabs={tabs} label={`${b.name} sections`} />
    </section>
  );
}

function Information({ business }: { business: Business }) {
  const b = business.attributes;
  const blocked = editBlocked(business);
  const address = [
    b.address_one,
    b.address_two,
    [b.city, b.state, b.postal_code].filter(Boolean).join(", "),
    b.country,
  ]
    .filter(Boolean).join(", ");
  const rows: [string, string | null][] = [
    ["DBA", b.dba_name],
    ["EIN", b.tax_id],
    ["Email", b.email],
    ["Phone", b.phone],
    ["Address", address || null],
    ["PO Box", b.po_box],
    ["LLC", b.is_llc ? b.llc_name ?? "Yes" : null],
  ];
  return (
    <>
      <dl className="details-list">
        {rows.filter(([, value]) => value).map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {b.is_owner && (
        <div className="business-actions">
          {blocked
            ? <p className="field-hint" id="edit-blocked">{blocked}</p>
            : (
              <Link href={`/app/member/businesses/${business.id}/manage`} className="button button-secondary">
                Manage Business
              </Link>
            )}
        </div>
      )}
      {b.is_owner && !b.is_individual && !b.has_compliance_kit && b.is_active && (
        <KitPurchase business={business} />
      )}
    </>
  );
}
