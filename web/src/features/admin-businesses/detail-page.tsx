/**
 * /app/admin/businesses/{id} (admin spec §2 "Business list and detail"): the business, its state (inactive
 * badge and reason, i3 set-up and what failed), the administrators' actions and the tabs Details, Employees,
 * Tests, Vessels (only if not individual) and Downloads (only with a compliance kit). A company whose
 * new-company request is still pending shows only 'Not Approved': managing it waits until it is processed.
 * The pending changes about the business are listed first, each linked to where it is decided (issue 24).
 */
import { useSubjectName } from "../../lib/page-subject.ts";
import type { PageProps } from "../../lib/page-props.ts";
import type { Business } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { businessKey, fetchBusiness } from "./api.ts";
import { BusinessActions, BusinessDangerZone, I3Status } from "./business-actions.tsx";
import { DetailsTab } from "./details-tab.tsx";
import { DownloadsTab, TestsTab, VesselsTab } from "./list-tabs.tsx";
import { EmployeesTab } from "./employees-tab.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { History } from "../audit/audit-table.tsx";
import { PendingChanges } from "./pending-changes.tsx";
import "./admin-businesses.css";

export default function BusinessDetailPage({ params }: PageProps) {
  const id = Number(params.id);
  const business = useResource(businessKey(id), (signal) => fetchBusiness(id, signal));
  useSubjectName(`/app/admin/businesses/${id}`, business.data?.attributes.name);
  if (business.error) {
    return (
      <LoadError title="The business could not be loaded" error={business.error} onRetry={business.reload} />
    );
  }
  if (!business.data) return <Skeleton lines={6} label="Loading the business…" />;
  return <BusinessView business={business.data} />;
}

function tabsOf(b: Business["attributes"]): { id: string; label: string }[] {
  return [
    { id: "details", label: "Details" },
    { id: "employees", label: "Employees" },
    { id: "tests", label: "Tests" },
    ...(b.is_individual ? [] : [{ id: "vessels", label: "Vessels" }]),
    ...(b.has_compliance_kit ? [{ id: "downloads", label: "Downloads" }] : []),
    { id: "history", label: "History" },
  ];
}

function BusinessView({ business }: { business: Business }) {
  const { id, attributes: b } = business;
  const tabs = tabsOf(b);
  const panel = (tab: string) =>
    tab === "details"
      ? <DetailsTab business={business} />
      : tab === "employees"
      ? <EmployeesTab businessId={id} />
      : tab === "tests"
      ? <TestsTab businessId={id} />
      : tab === "vessels"
      ? <VesselsTab businessId={id} />
      : tab === "downloads"
      ? <DownloadsTab businessId={id} />
      : <History entity="business" entityId={id} />;

  return (
    <>
      <h2>
        {b.name} {!b.is_active && <Chip tone="danger">Inactive</Chip>}{" "}
        {b.is_individual && <Chip>Individual</Chip>}
      </h2>
      {b.has_pending_new_company_approval
        ? (
          <Alert variant="warning" title="Not Approved">
            <p>
              This company's new-company request is waiting for an administrator. Process it from the
              Registrations notifications before managing the business.
            </p>
          </Alert>
        )
        : (
          <>
            {!b.is_active && (
              <Alert variant="warning" title="Business is inactive.">
                {b.business_deactivation_reason && <p>Reason: {b.business_deactivation_reason}</p>}
              </Alert>
            )}
            <PendingChanges businessId={id} />
            <I3Status business={business} />
            <BusinessActions business={business} />
            <Tabs
              label={`${b.name} sections`}
              tabs={tabs.map((t) => ({ ...t, render: () => panel(t.id) }))}
            />
            <BusinessDangerZone business={business} />
          </>
        )}
    </>
  );
}
