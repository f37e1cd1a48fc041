/** /random-testing-types: the six kinds of test, each a section reachable by its anchor. */
import { Link } from "wouter";
import { NotLegalAdvice } from "./parts.tsx";

const SECTIONS: [id: string, title: string][] = [
  ["pre-employment", "Pre-employment"],
  ["pre-employment-exemptions", "Pre-employment exemptions"],
  ["periodic", "Periodic"],
  ["post-accident", "Post accident"],
  ["reasonable-suspicion", "Reasonable suspicion"],
  ["random", "Random"],
];

export default function RandomTestingTypesPage() {
  return (
    <div className="prose">
      <p className="lead">
        The Coast Guard's rules (46 CFR 16.210 to 16.240) name the occasions on which a mariner is tested.
        Every test is a DOT 5-panel drug test under 49 CFR Part 40.
      </p>
      <nav className="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">On this page</h2>
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="pre-employment">
        <h2 id="pre-employment">Pre-employment</h2>
        <p>
          Before anyone is hired or moved into a safety-sensitive position, the employer must have a negative
          drug test result for them (46 CFR 16.210). The result must be no older than 6 months. Passing a
          pre-employment test with APCA starts a 12-month enrollment in our random pool.
        </p>
      </section>

      <section aria-labelledby="pre-employment-exemptions">
        <h2 id="pre-employment-exemptions">Pre-employment exemptions</h2>
        <p>You do not need a new pre-employment test if you can show any of these:</p>
        <ul>
          <li>You were in a DOT/USCG random testing program within the last 6 months.</li>
          <li>
            You passed a DOT 5-panel drug screen within the last 6 months, with no positive result since.
          </li>
          <li>You were covered by a random program for at least 60 of the previous 185 days.</li>
        </ul>
        <p>
          If your previous program has expired, you can pick up coverage with us within 4 months of the
          expiry. Mariners on a substance abuse professional's follow-up plan are tested monthly for 12
          months.
        </p>
      </section>

      <section aria-labelledby="periodic">
        <h2 id="periodic">Periodic</h2>
        <p>
          A periodic test is required with certain credential transactions (46 CFR 16.220). The result is
          valid for 6 months. A periodic test does not enroll you in a random program: for that you need an
          annual membership.
        </p>
      </section>

      <section aria-labelledby="post-accident">
        <h2 id="post-accident">Post accident</h2>
        <p>
          After a serious marine incident, everyone directly involved must be tested (46 CFR 16.240): an
          alcohol test within 2 hours and a drug test within 32 hours. Do not let a missed alcohol window
          delay the drug test. Call us and we will find the nearest site.
        </p>
      </section>

      <section aria-labelledby="reasonable-suspicion">
        <h2 id="reasonable-suspicion">Reasonable suspicion</h2>
        <p>
          When a trained supervisor observes specific, describable signs of drug use (appearance, behavior,
          speech or smell), the employer must require a test. Write down what was observed, and when, before
          the test.
        </p>
      </section>

      <section aria-labelledby="random">
        <h2 id="random">Random</h2>
        <p>
          Crewmembers in safety-sensitive positions are selected by a computer random-number generator,
          unannounced and spread through the year, so that every member has an equal chance at every selection
          (46 CFR 16.230). The pool must be tested at least at the Coast Guard's minimum annual rate,
          currently 50 %. With APCA your annual membership fee covers your random tests.
        </p>
      </section>

      <p>
        <Link href="/about/prices" className="button button-primary">See membership prices</Link>
      </p>
      <NotLegalAdvice />
    </div>
  );
}
