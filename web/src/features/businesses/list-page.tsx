/**
 * /app/member/businesses: the businesses the member or DER owns or works for, each with its Owner or
 * Employee badge and what its state means (not approved, inactive, a change waiting for APCA).
 */
import { Link } from "wouter";
import type { Business } from "@api/contract";
import { Chip } from "../../components/chip.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { INACTIVE, RoleBadge } from "./parts/status.tsx";
import { BUSINESSES_KEY, fetchOwnBusinesses } from "./businesses.ts";
import { useResource } from "../../lib/use-resource.ts";
import "./businesses.css";

export default function BusinessListPage() {
  const businesses = useResource(BUSINESSES_KEY, fetchOwnBusinesses);
  return (
    <section aria-labelledby="businesses-heading">
      <div className="section-head">
        <h2 id="businesses-heading">Your businesses</h2>
        <Link href="/app/member/businesses/new" className="button button-primary">Add Business</Link>
      </div>
      {businesses.error
        ? (
          <LoadError
            title="Your businesses could not be loaded"
            error={businesses.error}
            onRetry={businesses.reload}
          />
        )
        : !businesses.data
        ? <Skeleton label="Loading your businesses…" />
        : businesses.data.length === 0
        ? <p className="empty-state">You do not belong to any business yet.</p>
        : (
          <ul className="record-list" aria-labelledby="businesses-heading">
            {businesses.data.map((b) => <BusinessItem key={b.id} business={b} />)}
          </ul>
        )}
    </section>
  );
}

function BusinessItem({ business }: { business: Business }) {
  const b = business.attributes;
  return (
    <li className="record">
      <p className="record-title">
        <Link href={`/app/member/businesses/${business.id}`}>{b.name}</Link>
        <RoleBadge business={business} />
        {b.is_individual && <Chip>Self-employed</Chip>}
      </p>
      <p className="record-facts">
        {b.has_pending_new_company_approval
          ? <Chip tone="warning">Not Approved</Chip>
          : !b.is_active
          ? <Chip tone="danger">{INACTIVE}</Chip>
          : b.business_pending_request
          ? <Chip tone="warning">Changes waiting for APCA</Chip>
          : <Chip tone="success">Active</Chip>}
      </p>
    </li>
  );
}
