/** /services/non-compliance-penalties: what a failing program costs, and how to avoid it. */
import { Link } from "wouter";
import { JoinCallToAction, NotLegalAdvice } from "./parts.tsx";

export default function PenaltiesPage() {
  return (
    <>
      <div className="prose">
        <p className="lead">
          The Coast Guard can assess civil penalties of up to{" "}
          <strong>$5,000 per day for each violation</strong>{" "}
          of its chemical testing rules. A missing program is not one violation: it is one for every day, and
          for every crewmember it should have covered.
        </p>

        <h2>What inspectors look for</h2>
        <ul>
          <li>
            <strong>A random program.</strong>{" "}
            Every crewmember in a safety-sensitive position must be in one, and the program must test at least
            50 % of its covered crew each year.
          </li>
          <li>
            <strong>Pre-employment tests.</strong>{" "}
            A negative result, or a documented exemption, before anyone starts safety-sensitive work.
          </li>
          <li>
            <strong>Post-accident tests.</strong>{" "}
            After a serious marine incident, alcohol testing within 2 hours and drug testing within 32 hours
            for everyone directly involved.
          </li>
          <li>
            <strong>Records on request.</strong>{" "}
            Test results, selection lists and custody forms produced within 2 days of the Coast Guard asking.
          </li>
          <li>
            <strong>The MIS report.</strong>{" "}
            Each employer's annual drug-testing report for the previous calendar year, submitted by March 15.
          </li>
          <li>
            <strong>Removal from duty.</strong>{" "}
            A crewmember with a verified positive result or a refusal must not work in a safety-sensitive
            position until cleared through the return-to-duty process.
          </li>
        </ul>

        <h2>Who is liable</h2>
        <p>
          Both sides. A marine employer may not let a crewmember work in a safety-sensitive position without
          the required testing, and a mariner who refuses a test or fails one faces action against their
          credential. Penalties can be assessed against the company, the vessel's operator and the individual.
        </p>

        <h2>How membership protects you</h2>
        <p>
          As an APCA member your random selections, test records and Letter of Compliance are kept for you,
          and records can be produced within the 2 days the Coast Guard allows. Companies that add the{" "}
          <Link href="/services/business-compliance-kit">business compliance kit</Link>{" "}
          also have the written policy, training records and forms an audit asks for. Questions about your own
          situation? <Link href="/contact-us">Contact our office</Link>.
        </p>
        <NotLegalAdvice />
      </div>
      <JoinCallToAction title="Get covered before the inspector asks" />
    </>
  );
}
