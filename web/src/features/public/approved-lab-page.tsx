/** /approved-lab-mro: collection, the SAMHSA-certified laboratory and the medical review officer. */
import { Link } from "wouter";
import { JoinCallToAction, NotLegalAdvice } from "./parts.tsx";

export default function ApprovedLabPage() {
  return (
    <>
      <div className="prose">
        <p className="lead">
          A DOT drug test has three independent steps: collection, laboratory analysis and medical review.
          Each is done by a different qualified party, so no single mistake decides a mariner's career.
        </p>

        <h2>1. Collection at a DOT-approved facility</h2>
        <p>
          A trained collector checks your photo ID, gives you a sealed collection cup and seals your specimen
          in front of you. Each step is recorded on the federal Custody and Control Form, whose copies follow
          the specimen to the laboratory and the result to the medical review officer. APCA works with more
          than 10,000 <Link href="/partner-labs">partner labs and collection sites</Link>.
        </p>

        <h2>2. Analysis at a SAMHSA-certified laboratory</h2>
        <p>
          Only laboratories certified by the Substance Abuse and Mental Health Services Administration
          (SAMHSA) may test DOT specimens. They screen for the five DOT drug classes (marijuana, cocaine,
          amphetamines, opiates and PCP) and confirm any non-negative screen with a second, more specific test
          before reporting it.
        </p>

        <h2>3. Review by a medical review officer</h2>
        <p>
          The medical review officer (MRO) is a licensed physician trained in substance-abuse testing. Before
          verifying a positive laboratory result, the MRO speaks with you in confidence to learn whether there
          is a legitimate medical explanation, such as a valid prescription. Only a verified result is
          reported to you and, for employees, to the company's designated employer representative.
        </p>

        <h2>Your right to a split-specimen test</h2>
        <p>
          Every DOT specimen is divided into two bottles. If the MRO verifies a positive result, you may ask
          within 72 hours for the second bottle to be tested at a different certified laboratory.
        </p>

        <h2>Results you can rely on</h2>
        <p>
          Negative and negative-dilute results count as passed. Results appear in your account, and your
          Letter of Compliance stays available while you are enrolled.
        </p>
        <NotLegalAdvice />
      </div>
      <JoinCallToAction />
    </>
  );
}
