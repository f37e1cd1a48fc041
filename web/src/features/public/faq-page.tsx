/** /about/frequently-asked-questions: native <details> disclosures, grouped by who asks. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { OfficeContact, Price } from "./parts.tsx";

interface Question {
  q: string;
  a: ReactNode;
}

const MARINERS: Question[] = [
  {
    q: "Do I need to be in a random drug-testing program?",
    a: (
      <p>
        Yes, if you serve in a safety-sensitive position on a vessel covered by 46 CFR Part 16. Your employer
        must have you in a program; if you are self-employed, you must enroll yourself. Membership keeps you
        covered whichever vessel you work on.
      </p>
    ),
  },
  {
    q: "What is a Letter of Compliance?",
    a: (
      <p>
        A letter from APCA stating that you are enrolled in a DOT/USCG random drug-testing program. Employers,
        captains and Coast Guard inspectors ask for it. Members can download it or e-mail it from their
        account at any time.
      </p>
    ),
  },
  {
    q: "How much does membership cost?",
    a: (
      <p>
        <Price of="annual_new_cents" /> a year for a new member and <Price of="annual_renewal_cents" />{" "}
        a year to renew. The annual fee covers your random tests. See{" "}
        <Link href="/about/prices">prices</Link>.
      </p>
    ),
  },
  {
    q: "How often will I be tested?",
    a: (
      <p>
        Nobody can say, and that is the point. Selections are random and unannounced, and every member has the
        same chance at every draw. The pool as a whole is tested at no less than the Coast Guard's minimum
        annual rate, currently 50 %, so in a given year you may be selected more than once or not at all.
      </p>
    ),
  },
  {
    q: "What does the test look for?",
    a: (
      <p>
        The DOT 5-panel: marijuana, cocaine, amphetamines, opiates and phencyclidine (PCP). Specimens are
        analyzed by SAMHSA-certified laboratories and every result is reviewed by a medical review officer.
      </p>
    ),
  },
  {
    q: "I passed a drug test recently. Do I still need a pre-employment test?",
    a: (
      <p>
        Maybe not. You are exempt if, within the previous 6 months, you passed a DOT/USCG test with no later
        positive result, or if you were in a random program for at least 60 of the previous 185 days.{" "}
        <Link href="/random-testing-types#pre-employment-exemptions">Read the exemption rules</Link>.
      </p>
    ),
  },
  {
    q: "Is a periodic test the same as being enrolled?",
    a: (
      <p>
        No. A periodic test is valid for 6 months and satisfies a credential requirement, but it does not put
        you in the random pool. Only an annual membership does.
      </p>
    ),
  },
  {
    q: "Can I pause my membership?",
    a: (
      <p>
        Yes, from your account. If it stays paused for 125 days or more within any 185-day period you will
        need an additional drug test when you resume.
      </p>
    ),
  },
  {
    q: "How do I cancel?",
    a: (
      <p>
        Membership is an annual recurring subscription that you can cancel at any time, with no penalty, from
        your account or by calling us.
      </p>
    ),
  },
];

const COMPANIES: Question[] = [
  {
    q: "Who can see my crew's results?",
    a: (
      <p>
        Your company's designated employer representative (DER) sees the results of your own employees. Nobody
        else does: under 49 CFR 40.321 results go to a third party, including another employer in the
        consortium, only with the employee's specific written consent.
      </p>
    ),
  },
  {
    q: "What do we do after a serious marine incident?",
    a: (
      <p>
        Test everyone directly involved: alcohol within 2 hours and drugs within 32 hours. Call us straight
        away and we will find the nearest collection site.
      </p>
    ),
  },
  {
    q: "How long are records kept?",
    a: (
      <p>
        Verified positive results, refusals and follow-up records for 5 years; negative and cancelled results
        for 1 year, as 49 CFR 40.333 requires. We can produce them for the Coast Guard within 2 days.
      </p>
    ),
  },
  {
    q: "Do you file our MIS report?",
    a: (
      <p>
        We prepare each employer's annual Management Information System report of drug-testing data for the
        previous calendar year, due to the Coast Guard by March 15.
      </p>
    ),
  },
  {
    q: "We have more than 50 employees. What does it cost?",
    a: (
      <p>
        Companies over 50 employees are on the Enterprise plan, priced for the size of the crew.{" "}
        <Link href="/contact-us">Contact us</Link> for a quote.
      </p>
    ),
  },
];

function Questions({ items }: { items: Question[] }) {
  return (
    <div className="faq">
      {items.map(({ q, a }) => (
        <details key={q}>
          <summary>{q}</summary>
          <div className="faq-answer">{a}</div>
        </details>
      ))}
    </div>
  );
}

export default function FaqPage() {
  return (
    <div className="prose">
      <p className="lead">Straight answers to what mariners and marine employers ask us most.</p>
      <section aria-labelledby="faq-mariners">
        <h2 id="faq-mariners">For mariners</h2>
        <Questions items={MARINERS} />
      </section>
      <section aria-labelledby="faq-companies">
        <h2 id="faq-companies">For companies</h2>
        <Questions items={COMPANIES} />
      </section>
      <section aria-labelledby="faq-more">
        <h2 id="faq-more">Still have a question?</h2>
        <p>
          <Link href="/contact-us">Send us a message</Link> or call the office.
        </p>
        <OfficeContact />
      </section>
    </div>
  );
}
