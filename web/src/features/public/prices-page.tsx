/** /about/prices: the Standard and Enterprise plans, and the other prices, all from GET /api/prices. */
import { Link } from "wouter";
import { Price } from "./parts.tsx";

export default function PricesPage() {
  return (
    <>
      <p className="lead">
        One flat yearly price, and your random tests are included in it.
      </p>
      <div className="plans">
        <section className="plan plan-featured" aria-labelledby="plan-standard">
          <h2 id="plan-standard">Standard</h2>
          <p className="plan-price">
            <Price of="annual_new_cents" /> a year
          </p>
          <p>For individuals, and for companies with up to 50 employees.</p>
          <ul>
            <li>Enrollment in the DOT/USCG random pool</li>
            <li>Random tests covered by the annual fee</li>
            <li>Letter of Compliance, online at any time</li>
            <li>
              Renewal at <Price of="annual_renewal_cents" /> a year for existing members
            </li>
          </ul>
          <p>
            <Link href="/register" className="button button-primary">Register</Link>
          </p>
        </section>
        <section className="plan" aria-labelledby="plan-enterprise">
          <h2 id="plan-enterprise">Enterprise</h2>
          <p className="plan-price">Contact us for pricing</p>
          <p>For companies with more than 50 employees.</p>
          <ul>
            <li>Everything in Standard, for the whole crew</li>
            <li>Pricing set by the size of your crew</li>
            <li>Help with your MIS report and Coast Guard record requests</li>
          </ul>
          <p>
            <Link href="/contact-us" className="button button-secondary">Contact us</Link>
          </p>
        </section>
      </div>

      <h2>Other prices</h2>
      <div className="table-scroll">
        <table className="simple">
          <caption className="visually-hidden">Other prices</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">One-time drug test membership (no random enrollment)</th>
              <td>
                <Price of="one_time_cents" />
              </td>
            </tr>
            <tr>
              <th scope="row">
                <Link href="/services/business-compliance-kit">Business compliance kit</Link> (one-time)
              </th>
              <td>
                <Price of="compliance_kit_cents" />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="fine-print">
        Membership renews as an annual recurring subscription and can be cancelled at any time with no
        penalty. Post-accident tests, replacement custody forms and other extras are listed in the store after
        you sign in.
      </p>
    </>
  );
}
