/**
 * i3, the external drug-testing service: businesses are set up in it (a location code), tests are ordered
 * through it, and results come back later. Its real API is not public, so the default is a built-in simulator
 * (simulator.ts); the HTTP client (client.ts) is a clearly marked skeleton chosen when I3_API_URL is set.
 * Routers and jobs reach i3 only through `Deps.i3`.
 */
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { DB, DrugTestReason, DrugTestResult } from "../../db/types.ts";
import { i3HttpClient } from "./client.ts";
import { i3Simulator } from "./simulator.ts";

export const I3_OPERATIONS = [
  "setUpBusiness",
  "orderTest",
  "fetchResults",
  "getResult",
  "findCollectionSites",
] as const;
export type I3Operation = (typeof I3_OPERATIONS)[number];

/** What i3 needs of a business to set it up as a collection location. */
export interface I3Business {
  id: number;
  name: string;
  /** Set once the business is set up; required for ordering. */
  i3_location_code?: string | null;
}

/** The donor: our user id and member number only (i3 keeps its own identity check at the collection site). */
export interface I3Donor {
  id: number;
  first_name: string;
  last_name: string;
  member_number: string | null;
}

export interface I3Analyte {
  name: string;
  result: "negative" | "positive";
  cutoff_ng_ml: number;
}

/** The laboratory and MRO detail of a result: the most confidential part (49 CFR 40.321). */
export interface I3Panel {
  panel: string;
  specimen_id: string;
  laboratory: string;
  dilute: boolean;
  analytes: I3Analyte[];
  mro_note: string | null;
}

/** An order's state as i3 reports it. Results are final; `collected` means the specimen is at the lab. */
export interface I3Result {
  order_ref: string;
  status: "ordered" | "collected" | "resulted";
  result: DrugTestResult | null;
  collected_at: Date | null;
  resulted_at: Date | null;
  panel: I3Panel | null;
}

export interface I3Client {
  readonly provider: "simulator" | "i3";
  setUpBusiness(business: I3Business): Promise<{ location_code: string }>;
  /**
   * Places an order. `client_ref` is ours (one per drug_tests row): an order already placed under it is
   * answered again instead of a second one, so a retry after a failure or a crash never orders twice.
   */
  orderTest(
    order: { user: I3Donor; business: I3Business; reason: DrugTestReason; client_ref: string },
  ): Promise<{ order_ref: string }>;
  /** Orders collected or resulted at or after `since` (not those still waiting for collection). */
  fetchResults(since: Date): Promise<I3Result[]>;
  /** One order's current state; an unknown reference throws `I3Error` with code `not_found`. */
  getResult(orderRef: string): Promise<I3Result>;
  /**
   * Collection sites near a ZIP code or a point, nearest first. A ZIP code i3 cannot place throws `I3Error`
   * with code `not_found`; a failure of i3 `unavailable`.
   */
  findCollectionSites(search: SiteSearch): Promise<SiteSearchResult>;
}

/** What a collection site offers (i3's service codes as we name them; see sites.ts for the words). */
export const SITE_SERVICES = [
  "dot_urine",
  "non_dot_urine",
  "breath_alcohol",
  "observed_collection",
  "hair",
] as const;
export type SiteService = (typeof SITE_SERVICES)[number];

/** A collection site as i3 lists it, with its distance from the searched place. */
export interface CollectionSite {
  site_id: string;
  name: string;
  address: { line1: string; city: string; state: string; zip: string };
  latitude: number;
  longitude: number;
  phone: string | null;
  /** Opening hours as lines for people ("Mon-Fri 7:00 AM - 5:00 PM"). */
  hours: string[];
  services: SiteService[];
  walk_ins: boolean;
  /** Miles from the searched place, to one decimal (great-circle). */
  distance_miles: number;
}

/** Where to search from: a ZIP code, or a point (the browser's location). */
export type SiteSearch =
  & ({ zip: string } | { latitude: number; longitude: number })
  & { radius_miles: number; limit: number };

export interface SiteSearchResult {
  /** The point searched from (a ZIP code's centre, or the given point). */
  origin: { latitude: number; longitude: number };
  /** Nearest first, within `radius_miles`, at most `limit`. */
  sites: CollectionSite[];
}

/** A refusal or failure of i3 (or of the simulator standing in for it). */
export class I3Error extends Error {
  constructor(
    readonly code: "unavailable" | "not_found" | "not_set_up" | "rejected",
    message: string,
    readonly operation?: I3Operation,
  ) {
    super(message);
  }
}

/** The i3 adapter the configuration asks for: the HTTP client when I3_API_URL is set, else the simulator. */
export function createI3(config: Config, db: Kysely<DB>, now: () => Date): I3Client {
  const { i3 } = config;
  if (i3.apiUrl) {
    if (!i3.apiKey) throw new Error("Set I3_API_KEY with I3_API_URL, or neither (the i3 simulator).");
    return i3HttpClient({ url: i3.apiUrl, apiKey: i3.apiKey });
  }
  return i3Simulator(db, now, {
    resultDelayMs: i3.simResultDelayMs,
    fail: i3.simFail,
    outcomes: i3.simOutcomes,
    seed: i3.simSeed,
  });
}

/** Negative and negative-dilute results count as passed (the specifications). */
export const isPassing = (result: DrugTestResult | null): boolean | null =>
  result === null ? null : result === "negative" || result === "negative_dilute";
