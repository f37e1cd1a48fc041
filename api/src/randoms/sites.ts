/** Where a selected mariner goes: the collection site nearest their ZIP code, through the i3 adapter. */
import type { PoolDeps } from "./service.ts";

/**
 * The collection site nearest the member's ZIP code, as an address to go to (issue 37: the i3 location code
 * alone says nothing to a mariner); null when there is no ZIP code or i3 cannot answer (the notice links the
 * finder instead).
 */
export async function nearestSite(deps: Pick<PoolDeps, "i3">, zip: string | null): Promise<string | null> {
  const five = zip?.trim().slice(0, 5);
  if (!five || !/^\d{5}$/.test(five)) return null;
  try {
    const { sites } = await deps.i3.findCollectionSites({ zip: five, radius_miles: 150, limit: 1 });
    const site = sites[0];
    if (!site) return null;
    const a = site.address;
    return `${site.name}, ${a.line1}, ${a.city}, ${a.state} ${a.zip}${site.phone ? ` (${site.phone})` : ""}`;
  } catch {
    return null;
  }
}
