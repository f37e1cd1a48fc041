/** The home page: who we are, what it costs, what we test, and where to go next. */
import { Link } from "wouter";
import { PageHeading } from "../../app/page-heading.tsx";
import { Cards, JoinCallToAction, Price } from "./parts.tsx";

const SERVICES = [
  {
    title: "Random testing",
    href: "/random-testing-types#random",
    body:
      "Unannounced selections by computer, spread through the year, at or above the Coast Guard's 50 % minimum rate.",
    action: "How random testing works",
  },
  {
    title: "Pre-employment testing",
    href: "/random-testing-types#pre-employment",
    body:
      "A negative DOT test before anyone works in a safety-sensitive position, and the exemptions that can spare it.",
    action: "Pre-employment rules",
  },
  {
    title: "Post-accident testing",
    href: "/random-testing-types#post-accident",
    body:
      "After a serious marine incident: alcohol within 2 hours, drugs within 32 hours. We help you arrange both.",
    action: "After an incident",
  },
  {
    title: "Reasonable suspicion",
    href: "/random-testing-types#reasonable-suspicion",
    body:
      "Testing when a trained supervisor observes signs of drug use, documented the way an auditor expects.",
    action: "Reasonable-suspicion tests",
  },
  {
    title: "Employee assistance and DER training",
    href: "/services",
    body:
      "The employee assistance program education and the training your designated employer representative needs.",
    action: "All our services",
  },
  {
    title: "Business compliance kit",
    href: "/services/business-compliance-kit",
    body: "The written policy, forms and records a company needs to show the Coast Guard a complete program.",
    action: "About the kit",
  },
];

const LEARN_MORE = [
  {
    title: "Non-compliance penalties",
    href: "/services/non-compliance-penalties",
    body:
      "Civil penalties reach $5,000 per day for each violation. See what the Coast Guard checks and how to be ready.",
    action: "Read about penalties",
  },
  {
    title: "Frequently asked questions",
    href: "/about/frequently-asked-questions",
    body: "Letters of Compliance, pausing a membership, what the test covers, and who can see your results.",
    action: "Read the FAQ",
  },
  {
    title: "Talk to our office",
    href: "/contact-us",
    body: "Not sure what your vessel or crew needs? Send us a message and a member of our team will answer.",
    action: "Contact us",
  },
];

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <div>
          <PageHeading>DOT drug testing for mariners, in one consortium since 1986</PageHeading>
          <p>
            APCA runs the random drug-testing program the US Coast Guard requires under 46 CFR Part 16 and 49
            CFR Part 40, for independent mariners and for maritime companies of every size.
          </p>
          <p>
            Membership is <Price of="annual_new_cents" /> a year, random tests included.
          </p>
          <p className="cta-actions">
            <Link href="/register" className="button button-primary">Register now</Link>
            <Link href="/about/prices" className="button button-secondary">See prices</Link>
          </p>
        </div>
        <HeroArt />
      </section>

      <ul className="figures" aria-label="APCA in figures">
        <li>
          <span className="figure-value">25,000</span> mariners served
        </li>
        <li>
          <span className="figure-value">10,000+</span> partner labs and collection sites
        </li>
        <li>
          <span className="figure-value">1986</span> the year we started
        </li>
        <li>
          <span className="figure-value">2 days</span> to produce your records for the Coast Guard
        </li>
      </ul>

      <section className="section" aria-labelledby="services-title">
        <h2 id="services-title">Every test the regulations require</h2>
        <p className="lead">
          One membership covers enrollment in the random pool and a Letter of Compliance you can show at the
          dock. Companies add their crews and vessels and manage everything from one dashboard.
        </p>
        <Cards items={SERVICES} />
      </section>

      <section className="section split" aria-labelledby="labs-title">
        <div>
          <h2 id="labs-title">Approved labs and a medical review officer</h2>
          <p>
            Every specimen is collected at a DOT-approved collection facility under a federal chain-of-custody
            form, analyzed by a SAMHSA-certified laboratory for the five DOT drug classes, and reviewed by a
            medical review officer (MRO) before any result is reported. A positive laboratory result is never
            reported until the MRO has spoken with the donor.
          </p>
          <p>
            <Link href="/approved-lab-mro">How collection, laboratory and MRO review work</Link>
          </p>
        </div>
        <div className="panel">
          <h3>Over 10,000 partner sites</h3>
          <p>
            Wherever your next port is, there is a collection site near it. We send you to one and track the
            test until the result is in.
          </p>
          <p>
            <Link href="/partner-labs">About our partner labs</Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="learn-title">
        <h2 id="learn-title">Learn more</h2>
        <Cards items={LEARN_MORE} />
      </section>

      <JoinCallToAction />
    </>
  );
}

/** A ship on the swell: decorative, so hidden from assistive technology. */
function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 320 200"
      width="320"
      height="200"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="250" cy="50" r="24" fill="#ffbf47" />
      <path d="M70 120h170l-22 34H92z" fill="#ffffff" />
      <rect x="120" y="92" width="70" height="28" rx="3" fill="#dce6f0" />
      <rect x="140" y="70" width="30" height="22" rx="2" fill="#ffffff" />
      <rect x="150" y="50" width="8" height="20" fill="#dce6f0" />
      <path
        d="M0 160c20 0 20-10 40-10s20 10 40 10 20-10 40-10 20 10 40 10 20-10 40-10 20 10 40 10 20-10 40-10 20 10 40 10v40H0z"
        fill="#0b4f8a"
      />
      <path
        d="M0 178c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v22H0z"
        fill="#5b9bd5"
        opacity="0.6"
      />
    </svg>
  );
}
