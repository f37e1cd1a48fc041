/** /services: everything the consortium does, with links to the detail pages. */
import { Cards, JoinCallToAction } from "./parts.tsx";

const TESTING = [
  {
    title: "Pre-employment",
    href: "/random-testing-types#pre-employment",
    body: "A negative DOT drug test before work in a safety-sensitive position, or a documented exemption.",
  },
  {
    title: "Periodic",
    href: "/random-testing-types#periodic",
    body: "The test required with certain credential transactions; valid for 6 months.",
  },
  {
    title: "Post-accident",
    href: "/random-testing-types#post-accident",
    body: "After a serious marine incident: alcohol within 2 hours and drugs within 32 hours.",
  },
  {
    title: "Reasonable suspicion",
    href: "/random-testing-types#reasonable-suspicion",
    body: "When a trained supervisor observes and documents signs of drug use.",
  },
  {
    title: "Random",
    href: "/random-testing-types#random",
    body: "Unannounced computer selections from the pool at or above the 50 % minimum annual rate.",
  },
];

const PROGRAMME = [
  {
    title: "Approved labs and MRO review",
    href: "/approved-lab-mro",
    body:
      "DOT-approved collection, SAMHSA-certified laboratories, and a medical review officer for every result.",
    action: "Labs and MRO",
  },
  {
    title: "Business compliance kit",
    href: "/services/business-compliance-kit",
    body: "The policy, forms and records a company's drug and alcohol program needs, ready for an audit.",
    action: "The compliance kit",
  },
  {
    title: "Non-compliance penalties",
    href: "/services/non-compliance-penalties",
    body: "What happens when a program falls short, and the checks that keep yours from doing so.",
    action: "Penalties explained",
  },
];

export default function ServicesPage() {
  return (
    <>
      <p className="lead">
        Everything a mariner or a marine employer needs to meet the Coast Guard's drug-testing rules, from the
        first pre-employment test to the annual report.
      </p>

      <section className="section" aria-labelledby="testing-title">
        <h2 id="testing-title">Drug testing</h2>
        <p>
          Every test is a DOT 5-panel urine test for marijuana, cocaine, amphetamines, opiates and PCP,
          collected and reviewed under 49 CFR Part 40.
        </p>
        <Cards items={TESTING} />
      </section>

      <section className="section prose" aria-labelledby="program-title">
        <h2 id="program-title">Running the program</h2>
        <ul>
          <li>
            <strong>Random pool management.</strong>{" "}
            Selections are made by a computer random-number generator, unannounced and spread through the
            year, and every draw is kept so it can be checked.
          </li>
          <li>
            <strong>Records.</strong>{" "}
            Results, custody forms and selection lists are kept for the periods 49 CFR 40.333 sets and can be
            produced to the Coast Guard within 2 days.
          </li>
          <li>
            <strong>MIS report.</strong>{" "}
            We prepare each employer's annual drug-testing report for the previous calendar year, due by March
            15.
          </li>
          <li>
            <strong>Letters of Compliance.</strong> Download or e-mail proof of enrollment from your account.
          </li>
        </ul>
      </section>

      <section className="section prose" aria-labelledby="eap-title">
        <h2 id="eap-title">Employee assistance and DER training</h2>
        <p>
          Marine employers must run an employee assistance program (EAP) that educates crewmembers about drug
          use and the help available. We provide the EAP education material, including the 60-minute training
          for supervisors, so that those who may make reasonable-suspicion decisions know the signs to look
          for.
        </p>
        <p>
          Designated employer representatives (DERs) receive results and act on them. We train new DERs on
          their duties: removing a crewmember from safety-sensitive work after a verified positive or a
          refusal, keeping results confidential, and what to do after a serious marine incident.
        </p>
      </section>

      <Cards items={PROGRAMME} level={2} />
      <JoinCallToAction />
    </>
  );
}
