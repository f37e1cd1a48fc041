/** /privacy-policy. */
import { Link } from "wouter";
import { OfficeContact } from "./parts.tsx";

export default function PrivacyPage() {
  return (
    <div className="prose">
      <p>
        <strong>Last updated July 18, 2022</strong>
      </p>
      <p className="lead">
        This policy explains what personal information APCA collects, why, who we share it with, and the
        choices and rights you have.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong>{" "}
          name, e-mail address, phone number, postal address and password (stored only as a salted hash).
        </li>
        <li>
          <strong>Identification the regulations require:</strong>{" "}
          your USCG credential number or, if you hold none, the last four digits of your Social Security
          number. We never ask for the full number.
        </li>
        <li>
          <strong>Employment details:</strong>{" "}
          your company, its vessels and your role, when a company registers you.
        </li>
        <li>
          <strong>Testing records:</strong>{" "}
          selections, collection dates and results verified by the medical review officer.
        </li>
        <li>
          <strong>Payment details:</strong>{" "}
          handled by our card processor. We keep only the card's brand, last four digits and expiry date.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form or by e-mail.
        </li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To run your membership and testing program, issue Letters of Compliance, keep the records federal
        regulations require, process payments, answer your questions and keep the portal secure. We do not
        sell personal information and we do not use testing records for marketing.
      </p>

      <h2>Who we share it with</h2>
      <ul>
        <li>Collection sites, laboratories and the medical review officer who carry out your tests.</li>
        <li>Your employer's designated employer representative, for your results as an employee.</li>
        <li>
          The Coast Guard and other authorities, where the law requires (for example records requested in an
          inspection, or the annual MIS report, which contains no names).
        </li>
        <li>Service providers who host the portal, deliver e-mail, process cards or check the captcha.</li>
      </ul>
      <p>
        Anyone else receives your test results only with your specific written consent, as 49 CFR 40.321
        requires.
      </p>

      <h2>Cookies</h2>
      <p>
        The portal uses one cookie, to keep you signed in for up to a day. It cannot be read by scripts or
        other sites. The captcha on our public forms is provided by a third party that may set its own
        cookies.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Testing records are kept for the periods in 49 CFR 40.333: five years for verified positive results,
        refusals and follow-up records, one year for negative and cancelled results. Account details are kept
        while your account is open and as long afterwards as the law requires.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask to see the personal information we hold about you, to correct it, or to delete what the
        law does not require us to keep. Depending on where you live you may have further rights, such as to
        know how your information is used or to opt out of its sale (we do not sell it). We answer every
        request within 45 days. If we need longer, we may extend that once by another 45 days, and we will
        tell you why within the first 45.
      </p>

      <h2>Children</h2>
      <p>
        The portal is for working mariners and their employers. We do not knowingly collect personal
        information from children under 13, and we do not sell the information of anyone under 16. If you
        believe a child has given us information, contact us and we will delete it.
      </p>

      <h2>Security</h2>
      <p>
        Information travels encrypted, passwords are hashed, access is limited to people who need it, and
        changes to records are logged.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We will post any change to this policy here with a new date. Questions or requests: use our{" "}
        <Link href="/contact-us">contact form</Link> or reach the office directly.
      </p>
      <OfficeContact />
    </div>
  );
}
