/** /terms-and-conditions. */
import { Link } from "wouter";
import { OfficeContact } from "./parts.tsx";

export default function TermsPage() {
  return (
    <div className="prose">
      <p className="lead">
        These terms govern your use of the APCA portal and your membership in the APCA drug-testing
        consortium. By creating an account you accept them.
      </p>

      <h2>1. The service</h2>
      <p>
        APCA operates a consortium/third-party administrator (C/TPA) drug-testing program for mariners and
        marine employers under 46 CFR Part 16 and 49 CFR Part 40. We arrange collections, laboratory analysis
        and medical review, manage random selections, keep records and issue Letters of Compliance. We do not
        act as any employer's designated employer representative.
      </p>

      <h2>2. Your account</h2>
      <p>
        You must give accurate, complete information and keep it current, including your USCG credential or,
        if you hold none, the last four digits of your Social Security number. Keep your password to yourself;
        you are responsible for what is done with your account. Tell us at once if you think someone else has
        used it.
      </p>

      <h2>3. Membership, billing and cancellation</h2>
      <p>
        An annual membership is an annual recurring subscription: it renews each year and the card on file is
        charged the renewal price then published on our{" "}
        <Link href="/about/prices">prices page</Link>. You may cancel at any time, with no penalty, from your
        account or by contacting us; cancelling stops the next renewal and ends your enrollment in the random
        pool. A one-time membership covers a single test and does not renew. Pausing and resuming are
        described in the <Link href="/about/frequently-asked-questions">FAQ</Link>.
      </p>

      <h2>4. Testing obligations</h2>
      <p>
        When selected or otherwise required to test, you must report to the collection site promptly. Failing
        to appear, leaving before the collection is complete or tampering with a specimen is a refusal to
        test, which the regulations treat like a verified positive result.
      </p>

      <h2>5. Results and confidentiality</h2>
      <p>
        Results are reported only after review by a medical review officer. We release an individual's results
        to that person and, for an employee, to their employer's designated employer representative; to anyone
        else only with the individual's specific written consent or where the law requires it (for example to
        the Coast Guard or the National Transportation Safety Board). Our{" "}
        <Link href="/privacy-policy">privacy policy</Link> explains how we handle personal information.
      </p>

      <h2>6. Companies</h2>
      <p>
        A company that registers employees confirms that it is entitled to do so and will use the portal only
        for its own employees and vessels. Employee additions are reviewed by APCA before they take effect.
      </p>

      <h2>7. Acceptable use</h2>
      <p>
        Do not try to reach data that is not yours, interfere with the portal, or use it to send unsolicited
        messages. We may suspend an account that does, while keeping the records the regulations require.
      </p>

      <h2>8. No legal advice</h2>
      <p>
        Information on this site explains the regulations in plain words. It is not legal advice, and
        compliance remains the responsibility of each mariner and employer.
      </p>

      <h2>9. Liability</h2>
      <p>
        We take great care to run the program correctly. To the extent the law allows, APCA is not liable for
        indirect or consequential losses, and our total liability for any claim is limited to the fees you
        paid us in the twelve months before it.
      </p>

      <h2>10. Changes</h2>
      <p>
        We may update these terms. When a change affects your membership we will tell you by e-mail before it
        takes effect; continuing to use the portal afterwards means you accept the new terms.
      </p>

      <h2>11. Contact</h2>
      <OfficeContact />
    </div>
  );
}
