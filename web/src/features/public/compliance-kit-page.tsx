/** /services/business-compliance-kit: what the kit contains, what it costs (from the server), how to order. */
import { Link } from "wouter";
import { Price } from "./parts.tsx";

export default function ComplianceKitPage() {
  return (
    <div className="prose">
      <p className="lead">
        The business compliance kit gives a maritime company the documents a Coast Guard-compliant drug and
        alcohol program rests on, for a one-time price of <Price of="compliance_kit_cents" />.
      </p>

      <h2>What is in the kit</h2>
      <ul>
        <li>A written drug and alcohol testing policy that follows 46 CFR Part 16 and 49 CFR Part 40.</li>
        <li>The designation of your designated employer representative (DER) and their duties.</li>
        <li>Employee assistance program (EAP) education material for your crew.</li>
        <li>The 60-minute supervisor training and its attendance record.</li>
        <li>Post-accident and reasonable-suspicion procedures, with the forms to document them.</li>
        <li>Guidance on alcohol testing after a serious marine incident, including alcohol swabs.</li>
        <li>Your roster and your company's documents, downloadable from your account at any time.</li>
      </ul>

      <h2>Who needs it</h2>
      <p>
        Every marine employer with crewmembers in safety-sensitive positions must be able to show a complete
        program, not just random testing. Independent mariners do not need the kit: their membership covers
        them.
      </p>

      <h2>How to order</h2>
      <ol>
        <li>
          <Link href="/register">Register your company</Link>{" "}
          with a designated employer representative. The kit needs a DER attached to the business.
        </li>
        <li>Order the kit from your company's page and pay by card.</li>
        <li>Download the documents from the company's Downloads tab, then add your employees and vessels.</li>
      </ol>
      <p>
        Prefer to talk it through first? <Link href="/contact-us">Contact us</Link> or see all our{" "}
        <Link href="/about/prices">prices</Link>.
      </p>
    </div>
  );
}
