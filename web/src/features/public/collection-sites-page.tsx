/**
 * /collection-sites: find a collection site near a ZIP code or the browser's location (issue 25 item 5), through
 * GET /api/collection-sites (i3's site search). `?zip=` in the address searches at once: the selection notice
 * links here with the member's ZIP code. A location search is not put in the address (it is the member's
 * whereabouts). Each site is a card with its distance, address, hours, services and an "Open in maps" link.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import type { CollectionSitesAnswer } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Loading } from "../../components/loading.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import {
  findCollectionSites,
  geoErrorWords,
  mapsLink,
  milesWords,
  SERVICE_WORDS,
  SITE_WORDS,
  type SiteSearch,
  ZIP_PATTERN,
} from "./collection-sites.ts";
import { OfficeContact } from "./parts.tsx";

type Results =
  | { kind: "idle" }
  | { kind: "loading"; where: string }
  | { kind: "done"; where: string; answer: CollectionSitesAnswer }
  | { kind: "error"; search: SiteSearch; where: string; error: unknown };

const whereOf = (search: SiteSearch) => "zip" in search ? `ZIP code ${search.zip}` : "your location";

export default function CollectionSitesPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const addressZip = params.get("zip")?.trim() ?? "";
  const [zip, setZip] = useState(addressZip);
  const [zipError, setZipError] = useState<string | undefined>();
  const [geo, setGeo] = useState<"idle" | "locating" | string>("idle");
  const [results, setResults] = useState<Results>({ kind: "idle" });
  const running = useRef<AbortController | null>(null);

  function search(query: SiteSearch) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const where = whereOf(query);
    setResults({ kind: "loading", where });
    findCollectionSites(query, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setResults({ kind: "done", where, answer });
      },
      (error) => {
        if (controller.signal.aborted) return;
        // A ZIP code the search cannot place belongs under the field, as any other problem with it.
        const zipIssue = error instanceof ApiError && error.status === 422
          ? error.issues.find((i) => i.path === "zip")?.message ?? error.message
          : undefined;
        if (zipIssue && "zip" in query) {
          setZipError(zipIssue);
          setResults({ kind: "idle" });
        } else setResults({ kind: "error", search: query, where, error });
      },
    );
  }

  // The address's ZIP code (a link from the selection notice, a search, Back) is searched at once.
  useEffect(() => {
    setZip(addressZip);
    if (!addressZip) return;
    if (!ZIP_PATTERN.test(addressZip)) {
      setZipError(SITE_WORDS.zipInvalid);
      return;
    }
    setZipError(undefined);
    search({ zip: addressZip });
  }, [addressZip]);

  useEffect(() => () => running.current?.abort(), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = zip.trim();
    if (!ZIP_PATTERN.test(value)) {
      setZipError(SITE_WORDS.zipInvalid);
      return;
    }
    setZipError(undefined);
    setGeo("idle");
    if (value === addressZip) search({ zip: value });
    else navigate(`/collection-sites?zip=${value}`);
  }

  function locateMe() {
    if (!("geolocation" in navigator)) {
      setGeo(SITE_WORDS.geoUnsupported);
      return;
    }
    setGeo("locating");
    setZipError(undefined);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeo("idle");
        // The searched ZIP code leaves the address, so that Reload does not search it instead.
        if (addressZip) navigate("/collection-sites", { replace: true });
        search({
          lat: Math.round(position.coords.latitude * 1e4) / 1e4,
          lng: Math.round(position.coords.longitude * 1e4) / 1e4,
        });
      },
      (error) => setGeo(geoErrorWords(error.code)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }

  const locating = geo === "locating";
  const busy = results.kind === "loading" || locating;
  return (
    <>
      <p className="lead">
        Find a DOT collection site near a port, terminal or shipyard: enter a ZIP code or use your location.
        Bring a government-issued photo ID, and your order reference if you were selected.
      </p>
      <form className="site-search" noValidate onSubmit={onSubmit} aria-label="Find a collection site">
        <TextField
          label="ZIP code"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={zip}
          onChange={(e) => setZip(e.target.value)}
          error={zipError}
        />
        <div className="form-actions">
          <Button type="submit" busy={results.kind === "loading" && !locating} busyLabel="Searching…">
            Search
          </Button>
          <Button variant="secondary" onClick={locateMe} busy={locating} busyLabel="Finding you…">
            Use my location
          </Button>
        </div>
      </form>
      {geo !== "idle" && !locating && (
        <Alert variant="warning" title="Location not available">
          <p>{geo}</p>
        </Alert>
      )}
      <section aria-labelledby="site-results" aria-busy={busy || undefined}>
        <SiteResults results={results} onRetry={() => results.kind === "error" && search(results.search)} />
      </section>
    </>
  );
}

function SiteResults({ results, onRetry }: { results: Results; onRetry(): void }) {
  if (results.kind === "idle") {
    return <h2 id="site-results" className="visually-hidden">Collection sites</h2>;
  }
  if (results.kind === "loading") {
    return (
      <>
        <h2 id="site-results">Collection sites near {results.where}</h2>
        <Loading label="Finding collection sites…" />
      </>
    );
  }
  if (results.kind === "error") {
    return (
      <>
        <h2 id="site-results">Collection sites near {results.where}</h2>
        <LoadError title="Collection sites could not be loaded" error={results.error} onRetry={onRetry} />
      </>
    );
  }
  const sites = results.answer.data;
  if (sites.length === 0) {
    return (
      <>
        <h2 id="site-results">No collection sites near {results.where}</h2>
        <p>
          We found no collection site within 150 miles. Call the office and we will arrange a site for you.
        </p>
        <OfficeContact />
      </>
    );
  }
  return (
    <>
      <h2 id="site-results">
        {sites.length} collection {sites.length === 1 ? "site" : "sites"} near {results.where}
      </h2>
      <ol className="cards site-list">
        {sites.map((site) => (
          <li key={site.id} className="card site-card">
            <h3 className="card-title">{site.name}</h3>
            <div className="card-body">
              <p className="site-distance">{milesWords(site.distance_miles)} away</p>
              <address>
                {site.address.line1}
                <br />
                {site.address.city}, {site.address.state} {site.address.zip}
              </address>
              {site.phone && (
                <p>
                  Phone: <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`}>{site.phone}</a>
                </p>
              )}
              <h4>Hours</h4>
              <ul className="site-lines">
                {site.hours.map((line) => <li key={line}>{line}</li>)}
                <li>{site.walk_ins ? "Walk-ins welcome" : "By appointment only"}</li>
              </ul>
              <h4>Services</h4>
              <ul className="site-lines">
                {site.services.map((s) => <li key={s}>{SERVICE_WORDS[s]}</li>)}
              </ul>
            </div>
            <p className="card-action">
              <a href={mapsLink(site)} target="_blank" rel="noopener noreferrer">
                Open in maps<span className="visually-hidden">: {site.name} (opens a new tab)</span>
              </a>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
