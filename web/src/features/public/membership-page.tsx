/** /membership: what a membership includes, what it costs, and the recurring-subscription notice. */
import { Link } from "wouter";
import { JoinCallToAction, Price } from "./parts.tsx";

export default function MembershipPage() {
  return (
    <>
      <div className="prose">
        <p className="lead">
          An APCA membership enrolls you in our DOT/USCG random drug-testing pool for twelve months and gives
          you the Letter of Compliance that proves it.
        </p>

        <section className="notice" aria-labelledby="notice-title">
          <h2 id="notice-title">Membership notice</h2>
          <p>
            Membership renews as an annual recurring subscription. You can cancel it at any time, online or by
            calling us, with no penalty.
          </p>
        </section>

        <h2>What membership includes</h2>
        <ul>
          <li>Enrollment in the random pool for 12 months from your pre-employment test.</li>
          <li>Your random tests: the annual fee covers them.</li>
          <li>A Letter of Compliance you can download or e-mail from your account at any time.</li>
          <li>Your test history and documents, kept for the periods 49 CFR 40.333 requires.</li>
          <li>Help from our office when a captain, an employer or the Coast Guard asks for proof.</li>
        </ul>

        <h2>What it costs</h2>
        <div className="table-scroll">
          <table className="simple">
            <caption className="visually-hidden">Membership prices</caption>
            <thead>
              <tr>
                <th scope="col">Membership</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Annual membership, new member</th>
                <td>
                  <Price of="annual_new_cents" /> a year
                </td>
              </tr>
              <tr>
                <th scope="row">Annual membership, renewing or existing member</th>
                <td>
                  <Price of="annual_renewal_cents" /> a year
                </td>
              </tr>
              <tr>
                <th scope="row">One-time drug test (no random enrollment)</th>
                <td>
                  <Price of="one_time_cents" /> per test
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Companies with more than 50 employees: see the <Link href="/about/prices">Enterprise plan</Link>.
        </p>

        <h2>Annual or one-time?</h2>
        <p>
          Choose <strong>annual</strong>{" "}
          if you work, or want to be ready to work, in a safety-sensitive position: only the annual membership
          enrolls you in random testing. Choose <strong>one-time</strong>{" "}
          when you need a single DOT test, for example a periodic test for a credential. A periodic test is
          valid for 6 months and does not enroll you in the random pool.
        </p>

        <h2>Pausing</h2>
        <p>
          Off the water for a while? You can pause your membership and resume it later. If your membership is
          paused for 125 days or more within any 185-day period, you will need an additional drug test before
          you return, because you will no longer have been in a random program for the 60 days that exempt you
          from pre-employment testing.
        </p>

        <h2>How to join</h2>
        <ol>
          <li>
            <Link href="/register">Register</Link> as a member (or, for a company, as a DER).
          </li>
          <li>Choose annual or one-time and add a card.</li>
          <li>Take your pre-employment test, unless you qualify for an exemption.</li>
          <li>Download your Letter of Compliance from your dashboard.</li>
        </ol>
      </div>
      <JoinCallToAction />
    </>
  );
}
