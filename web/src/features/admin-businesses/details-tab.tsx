/**
 * The Details tab: every field of admin §3 "Company/business" and its activation history (who activated or
 * deactivated it, when and why).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Business } from "@api/contract";
import { Chip } from "../../components/chip.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchUser } from "./api.ts";

/** The DER by name (the business record names only its id), linking to the user's detail. */
function DerLink({ id }: { id: number }) {
  const user = useResource(["admin-user", id], (signal) => fetchUser(id, signal));
  const a = user.data?.attributes;
  return <Link href={`/app/admin/users/${id}`}>{a ? `${a.full_name} (${a.email})` : `User #${id}`}</Link>;
}

export function DetailsTab({ business }: { business: Business }) {
  const b = business.attributes;
  const der = business.relationships.der?.data;
  const address = [
    b.address_one,
    b.address_two,
    [b.city, b.state, b.postal_code].filter(Boolean).join(", "),
    b.country,
  ]
    .filter(Boolean).join("\n");
  const facts: [string, ReactNode][] = [
    ["Name", b.name],
    ["DBA", b.dba_name],
    ["LLC", b.is_llc ? b.llc_name ?? "Yes" : "No"],
    ["E-mail", b.email],
    ["Phone", b.phone],
    ["Tax ID", b.tax_id],
    ["Address", address || null],
    ["PO Box", b.po_box],
    ["Type", b.is_individual ? "Individual (self-employed)" : "Company"],
    [
      "DER",
      der ? <DerLink key="der" id={der.id} /> : "No DER attached",
    ],
    ["Compliance kit", b.has_compliance_kit ? "Purchased" : "Not purchased"],
  ];
  return (
    <>
      <dl className="details-list">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd style={{ whiteSpace: "pre-line" }}>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="activation-history">
        <h3 id="activation-history">Activation history</h3>
        <DataTable
          columns={["When", "Change", "Reason", "By"]}
          rows={[...b.activation_history].reverse()}
          empty="Never activated or deactivated."
          row={(h) => (
            <tr key={h.id}>
              <td>{formatInstant(h.created_at)}</td>
              <td>
                {h.is_active ? <Chip tone="success">Activated</Chip> : <Chip tone="danger">Deactivated</Chip>}
              </td>
              <td>{h.reason ?? ""}</td>
              <td>{h.actor_user_id ? `User #${h.actor_user_id}` : "System"}</td>
            </tr>
          )}
        />
      </section>
    </>
  );
}
