/**
 * SKELETON: the HTTP client for the real i3 service. i3's API is not public, so the paths, the bearer
 * authentication and the JSON shapes below are placeholders of our own, to be replaced with i3's documented
 * ones when the consortium has access. It is kept minimal on purpose and is only used when I3_API_URL is set;
 * everything else runs on the simulator. Its test checks what it sends against a local fake.
 */
import type { DrugTestResult } from "../../db/types.ts";
import {
  type CollectionSite,
  type I3Client,
  I3Error,
  type I3Operation,
  type I3Panel,
  type I3Result,
  SITE_SERVICES,
  type SiteService,
} from "./i3.ts";
import { nearestSites } from "./sites.ts";

export interface I3HttpOptions {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}

interface WireResult {
  order_ref: string;
  status: I3Result["status"];
  result: DrugTestResult | null;
  collected_at: string | null;
  resulted_at: string | null;
  panel: I3Panel | null;
}

const fromWire = (r: WireResult): I3Result => ({
  ...r,
  collected_at: r.collected_at ? new Date(r.collected_at) : null,
  resulted_at: r.resulted_at ? new Date(r.resulted_at) : null,
});

/**
 * A collection site as we assume i3's site search sends it (shaped like i3screen's public "find a collection
 * site" search: a site id, a name, the street address, coordinates, a telephone, hours as text and the
 * services offered). Distance is not trusted from the wire: we measure it ourselves from the origin.
 */
interface WireSite {
  site_id: string;
  name: string;
  address: { line1: string; city: string; state: string; zip: string };
  latitude: number;
  longitude: number;
  phone?: string | null;
  hours?: string[] | null;
  services?: string[] | null;
  walk_ins?: boolean | null;
}

const fromWireSite = (s: WireSite): Omit<CollectionSite, "distance_miles"> => ({
  site_id: s.site_id,
  name: s.name,
  address: s.address,
  latitude: s.latitude,
  longitude: s.longitude,
  phone: s.phone ?? null,
  hours: s.hours ?? [],
  // A service code we do not know is left out rather than guessed at.
  services: (s.services ?? []).filter((c): c is SiteService =>
    (SITE_SERVICES as readonly string[]).includes(c)
  ),
  walk_ins: s.walk_ins ?? false,
});

export function i3HttpClient(options: I3HttpOptions, fetchFn: typeof fetch = fetch): I3Client {
  const base = options.url.replace(/\/+$/, "");

  async function call<T>(operation: I3Operation, method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new I3Error("unavailable", `i3 could not be reached: ${error}`, operation);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw new I3Error("not_found", "i3 does not know this record.", operation);
    }
    if (!res.ok) {
      const text = (await res.text()).slice(0, 500);
      throw new I3Error(
        res.status >= 500 ? "unavailable" : "rejected",
        `i3 answered ${res.status}: ${text}`,
        operation,
      );
    }
    return await res.json() as T;
  }

  return {
    provider: "i3",
    async setUpBusiness(business) {
      const body = await call<{ location_code: string }>("setUpBusiness", "POST", "/locations", {
        external_id: String(business.id),
        name: business.name,
      });
      return { location_code: body.location_code };
    },
    async orderTest({ user, business, reason, client_ref }) {
      if (!business.i3_location_code) {
        throw new I3Error("not_set_up", "The business is not set up in i3.", "orderTest");
      }
      const body = await call<{ order_ref: string }>("orderTest", "POST", "/orders", {
        location_code: business.i3_location_code,
        donor: { external_id: String(user.id), first_name: user.first_name, last_name: user.last_name },
        reason,
        // Our reference for the order: i3 answers the order already placed under it (no second test).
        client_ref,
      });
      return { order_ref: body.order_ref };
    },
    async fetchResults(since) {
      const body = await call<{ data: WireResult[] }>(
        "fetchResults",
        "GET",
        `/results?since=${encodeURIComponent(since.toISOString())}`,
      );
      return body.data.map(fromWire);
    },
    async getResult(orderRef) {
      return fromWire(
        await call<WireResult>("getResult", "GET", `/orders/${encodeURIComponent(orderRef)}/result`),
      );
    },
    /**
     * ASSUMED: `GET /collection-sites?zip=77029&radius=150&limit=10` (or `latitude=&longitude=` in place of
     * `zip`), answering `{ origin: { latitude, longitude }, data: WireSite[] }`, 404 for a ZIP code i3 cannot
     * place. We ask for the radius and count and still cut and order the answer ourselves (nearest first).
     */
    async findCollectionSites(search) {
      const query = new URLSearchParams(
        "zip" in search
          ? { zip: search.zip }
          : { latitude: String(search.latitude), longitude: String(search.longitude) },
      );
      query.set("radius", String(search.radius_miles));
      query.set("limit", String(search.limit));
      const body = await call<{ origin: { latitude: number; longitude: number }; data: WireSite[] }>(
        "findCollectionSites",
        "GET",
        `/collection-sites?${query}`,
      );
      const origin = "zip" in search
        ? body.origin
        : { latitude: search.latitude, longitude: search.longitude };
      return { origin, sites: nearestSites(origin, body.data.map(fromWireSite), search) };
    },
  };
}
