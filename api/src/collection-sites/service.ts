/**
 * The collection-site finder (issue 25 item 5, decision 0072): a search through the i3 adapter, for anyone
 * (public, rate-limited per address). i3's refusals answer in the error model, never as a 500: a ZIP code i3
 * cannot place is a 422 on `zip`, i3 down or failing a 502 I3_FAILED.
 */
import { I3Error, type SiteSearch } from "../integrations/i3/i3.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { hit, type LimitDeps } from "../lib/rate-limit.ts";
import { type CollectionSitesResponse, SITE_MESSAGES, type SiteQuery } from "./schemas.ts";

export async function findCollectionSites(
  deps: LimitDeps & Pick<Deps, "i3">,
  query: SiteQuery,
  ip: string,
): Promise<CollectionSitesResponse> {
  const wait = await hit(deps, "collectionSitesPerIp", ip);
  if (wait > 0) {
    throw new AppError("RATE_LIMITED", SITE_MESSAGES.rateLimited, [], { "Retry-After": String(wait) });
  }
  const around = { radius_miles: query.radius, limit: query.limit };
  const search: SiteSearch = query.zip !== undefined
    ? { zip: query.zip, ...around }
    : { latitude: query.lat!, longitude: query.lng!, ...around };
  try {
    const { origin, sites } = await deps.i3.findCollectionSites(search);
    return {
      origin,
      data: sites.map(({ site_id, ...site }) => ({ id: site_id, ...site })),
    };
  } catch (error) {
    if (!(error instanceof I3Error)) throw error;
    if (error.code === "not_found" && "zip" in search) throw invalid("zip", SITE_MESSAGES.unknownZip);
    throw new AppError("I3_FAILED", SITE_MESSAGES.unavailable);
  }
}
