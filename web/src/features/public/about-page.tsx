/** /about: who APCA is and what a consortium does for mariners and companies. */
import { Link } from "wouter";
import { JoinCallToAction } from "./parts.tsx";

export default function AboutPage() {
  return (
    <>
      <div className="prose">
        <p className="lead">
          APCA has run a drug-testing consortium for the maritime industry since 1986. We have served about
          25,000 mariners, from deckhands on their first credential to masters of offshore supply vessels, and
          the companies that employ them.
        </p>

        <h2>What a consortium does</h2>
        <p>
          The Coast Guard's chemical testing rules (46 CFR Part 16) require every mariner in a
          safety-sensitive position to be in a random drug-testing program, and every marine employer to run
          one. A consortium, called a consortium/third-party administrator (C/TPA) in 49 CFR Part 40, lets
          many mariners and companies share one program. Pooling makes random selection fair and affordable:
          the Coast Guard's minimum random rate of 50 % is computed on the whole pool, so a one-boat company
          or a self-employed captain is covered exactly as a large fleet is.
        </p>

        <h2>What we do for you</h2>
        <ul>
          <li>Keep you in a random pool in which every member has the same chance at every draw.</li>
          <li>
            Arrange pre-employment, periodic, post-accident, reasonable-suspicion and random tests at
            DOT-approved collection facilities and SAMHSA-certified laboratories.
          </li>
          <li>Have every result reviewed by a medical review officer (MRO) before it is reported.</li>
          <li>
            Issue your Letter of Compliance, which proves your enrollment wherever you are asked for it.
          </li>
          <li>
            Keep your records so they can be produced to the Coast Guard within 2 days, and prepare the annual
            Management Information System (MIS) report due by March 15.
          </li>
          <li>
            Provide employee assistance program education and training for designated employer representatives
            (DERs).
          </li>
        </ul>

        <h2>What we will not do</h2>
        <p>
          Federal rules draw clear lines, and we keep to them. We never release a person's results to anyone
          without that person's specific written consent, including another employer in the same consortium.
          We do not act as a company's designated employer representative: decisions about a crewmember's
          duties stay with the employer. And we never hold back a document you are entitled to, such as your
          Letter of Compliance, over a billing question.
        </p>

        <h2>Who we serve</h2>
        <p>
          <strong>Independent mariners</strong>{" "}
          join as members and manage their own membership, tests and Letter of Compliance.{" "}
          <strong>Maritime companies</strong>{" "}
          register a designated employer representative who adds employees and vessels, orders the{" "}
          <Link href="/services/business-compliance-kit">business compliance kit</Link>{" "}
          and sees the company's test results. Learn more about <Link href="/membership">membership</Link>
          {" "}
          or read our <Link href="/about/frequently-asked-questions">frequently asked questions</Link>.
        </p>
      </div>
      <JoinCallToAction />
    </>
  );
}
