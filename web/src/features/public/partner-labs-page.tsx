/** /partner-labs: the collection and laboratory network. */
import { Link } from "wouter";
import { JoinCallToAction, OfficeContact } from "./parts.tsx";

export default function PartnerLabsPage() {
  return (
    <>
      <div className="split">
        <div className="prose">
          <p className="lead">
            More than 10,000 partner labs and collection sites across the United States mean there is one near
            almost any port, terminal or shipyard where you crew.
          </p>

          <h2>How a test is arranged</h2>
          <ol>
            <li>
              You are selected, or you or your company ask for a test (pre-employment, periodic, post-accident
              or reasonable suspicion).
            </li>
            <li>We register the test and send you to a DOT-approved collection facility close to you.</li>
            <li>
              You give a urine specimen under a federal custody and control form, which follows it to the
              laboratory.
            </li>
            <li>
              A SAMHSA-certified laboratory tests it for marijuana, cocaine, amphetamines, opiates and PCP
              (the DOT 5-panel).
            </li>
            <li>
              Our medical review officer reviews the result, and it appears in your account and, for
              employees, in your company's.
            </li>
          </ol>

          <h2>What to bring</h2>
          <p>
            A government-issued photo ID. Collectors must see it before they begin. If you take prescription
            medication, you do not need to tell the collector: the medical review officer will ask you about
            it if it matters to a result.
          </p>

          <h2>Only certified laboratories</h2>
          <p>
            DOT tests may only be analyzed by laboratories certified by the Substance Abuse and Mental Health
            Services Administration (SAMHSA) of the US Department of Health and Human Services. Every
            laboratory we use holds that certification. Read more about{" "}
            <Link href="/approved-lab-mro">approved laboratories and the MRO</Link>.
          </p>
        </div>
        <aside className="panel" aria-labelledby="find-site">
          <h2 id="find-site">Need a site today?</h2>
          <p>
            <Link href="/collection-sites" className="button">Find a collection site near you</Link>
          </p>
          <p>
            Search by ZIP code or your location for sites with their hours, services and directions.
          </p>
          <p>
            After a serious marine incident the clock is short: alcohol within 2 hours, drugs within 32 hours.
            Call us and we will find the nearest site.
          </p>
          <OfficeContact />
        </aside>
      </div>
      <JoinCallToAction />
    </>
  );
}
