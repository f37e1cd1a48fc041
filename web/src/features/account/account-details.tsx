/**
 * The account's facts (public spec §2 /app/account), shown on Account and on Your Data. Of the SSN only the last
 * four digits exist anywhere, and only those are shown.
 */
import { Email } from "../../components/email.tsx";
import type { User } from "@api/contract";

export function AccountDetails({ user: { attributes: u } }: { user: User }) {
  const place = [u.city, [u.state, u.postal_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const address = [u.address_one, u.address_two, place, u.country].filter(Boolean);
  return (
    <dl className="details-list">
      <div>
        <dt>Name</dt>
        <dd>{u.full_name}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          <Email address={u.email} />
        </dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>{u.phone || "Not given"}</dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          {address.length
            ? address.map((line, i) => (
              <span key={i} className="address-line">
                {line}
              </span>
            ))
            : "Not given"}
        </dd>
      </div>
      <div>
        <dt>Member number</dt>
        <dd>{u.member_number || "Not assigned yet"}</dd>
      </div>
      <div>
        <dt>Credential</dt>
        <dd>
          {u.uscg_cred
            ? `USCG credential: ${u.uscg_cred}`
            : u.ssn_last4
            ? `SSN on file: •••• ${u.ssn_last4}`
            : "None on file"}
        </dd>
      </div>
    </dl>
  );
}
