/**
 * Collection-site search helpers shared by the i3 client and its simulator: the great-circle distance in
 * miles and the nearest-first cut (within a radius, at most a count). i3 may or may not answer distances of
 * its own; either way the list we answer is measured and ordered here, the same for both adapters.
 */
import type { CollectionSite } from "./i3.ts";

const EARTH_RADIUS_MILES = 3958.8;
const rad = (degrees: number) => degrees * Math.PI / 180;

/** Great-circle (haversine) distance in miles between two points. */
export function milesBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The sites within `radius_miles` of `origin`, nearest first (then by name), at most `limit`. */
export function nearestSites(
  origin: { latitude: number; longitude: number },
  sites: Omit<CollectionSite, "distance_miles">[],
  { radius_miles, limit }: { radius_miles: number; limit: number },
): CollectionSite[] {
  return sites
    .map((site) => ({ site, miles: milesBetween(origin, site) }))
    .filter((s) => s.miles <= radius_miles)
    .sort((a, b) => a.miles - b.miles || a.site.name.localeCompare(b.site.name))
    .slice(0, limit)
    .map(({ site, miles }) => ({ ...site, distance_miles: Math.round(miles * 10) / 10 }));
}
