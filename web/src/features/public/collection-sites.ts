/** The collection-site finder's call and words (issue 25 item 5): no React here, so its unit test runs plainly. */
import type { CollectionSite, CollectionSitesAnswer } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export type SiteSearch = { zip: string } | { lat: number; lng: number };

export function findCollectionSites(
  search: SiteSearch,
  signal?: AbortSignal,
): Promise<CollectionSitesAnswer> {
  return call("/collection-sites").GET({ query: search, signal, redirectOn401: false });
}

/** A 5-digit US ZIP code (the same rule as the server's). */
export const ZIP_PATTERN = /^\d{5}$/;

export const SITE_WORDS = {
  zipInvalid: "Enter a 5-digit ZIP code.",
  geoUnsupported: "This browser cannot share your location. Enter a ZIP code instead.",
  geoDenied:
    "Location access is blocked for this site. Allow it in your browser's settings, or enter a ZIP code.",
  geoUnavailable: "Your location could not be found just now. Try again, or enter a ZIP code.",
} as const;

/** What a site offers, in words. */
export const SERVICE_WORDS: Record<CollectionSite["services"][number], string> = {
  dot_urine: "DOT urine collection",
  non_dot_urine: "Non-DOT urine collection",
  breath_alcohol: "DOT breath alcohol test",
  observed_collection: "Observed collection",
  hair: "Hair testing",
};

/** The site's address on one line, as a map search takes it. */
export const oneLine = (a: CollectionSite["address"]) => `${a.line1}, ${a.city}, ${a.state} ${a.zip}`;

/** A Google Maps search for the site's address (the documented Maps URL, no key needed). */
export const mapsLink = (site: Pick<CollectionSite, "address">) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(oneLine(site.address))}`;

/** "0.4 miles", "1 mile", "12.5 miles". */
export function milesWords(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${text} ${rounded === 1 ? "mile" : "miles"}`;
}

/** The geolocation error's words: denied, or no position (unavailable or timed out). */
export const geoErrorWords = (code: number) => code === 1 ? SITE_WORDS.geoDenied : SITE_WORDS.geoUnavailable;
