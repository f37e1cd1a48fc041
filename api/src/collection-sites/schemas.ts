/** The collection-site finder's query and answer (issue 25 item 5, decision 0072). */
import { z } from "zod";
import { SITE_SERVICES } from "../integrations/i3/i3.ts";

export const SITE_MESSAGES = {
  where: "Give a ZIP code, or a latitude and longitude.",
  zip: "Enter a 5-digit ZIP code.",
  latitude: "latitude must be a number from -90 to 90",
  longitude: "longitude must be a number from -180 to 180",
  unknownZip: "We could not find that ZIP code. Check it, or use your location.",
  unavailable: "The collection site search is not answering right now. Please try again in a few minutes, " +
    "or call the office and we will find a site for you.",
  rateLimited: "Too many searches from this address. Please wait a minute and try again.",
} as const;

const coordinate = (message: string, limit: number) =>
  z.coerce.number({ error: message }).min(-limit, message).max(limit, message);

export const SiteQuery = z.object({
  zip: z.string().trim().regex(/^\d{5}$/, SITE_MESSAGES.zip).optional()
    .describe("A 5-digit US ZIP code to search from"),
  lat: coordinate(SITE_MESSAGES.latitude, 90).optional().describe("Latitude to search from (with lng)"),
  lng: coordinate(SITE_MESSAGES.longitude, 180).optional().describe("Longitude to search from (with lat)"),
  radius: z.coerce.number({ error: "radius must be a number of miles from 1 to 500" }).min(1).max(500)
    .default(150).describe("Miles around the place searched from; 150 unless given"),
  limit: z.coerce.number({ error: "limit must be a whole number from 1 to 25" }).int().min(1).max(25)
    .default(10).describe("At most this many sites; 10 unless given"),
}).superRefine((q, ctx) => {
  const point = q.lat !== undefined || q.lng !== undefined;
  if (q.zip !== undefined && point) {
    ctx.addIssue({ code: "custom", path: ["zip"], message: SITE_MESSAGES.where });
  } else if (q.zip === undefined && !point) {
    ctx.addIssue({ code: "custom", path: ["zip"], message: SITE_MESSAGES.where });
  } else if (point && q.lat === undefined) {
    ctx.addIssue({ code: "custom", path: ["lat"], message: SITE_MESSAGES.latitude });
  } else if (point && q.lng === undefined) {
    ctx.addIssue({ code: "custom", path: ["lng"], message: SITE_MESSAGES.longitude });
  }
});
export type SiteQuery = z.infer<typeof SiteQuery>;

export const CollectionSiteRecord = z.object({
  id: z.string().describe("i3's site id"),
  name: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  hours: z.array(z.string()).describe("Opening hours as lines for people"),
  services: z.array(z.enum(SITE_SERVICES)).describe(
    "dot_urine: DOT urine collection; non_dot_urine: non-DOT urine; breath_alcohol: DOT breath alcohol test; " +
      "observed_collection: directly observed collection; hair: hair specimen",
  ),
  walk_ins: z.boolean().describe("Walk-ins accepted (else by appointment)"),
  distance_miles: z.number().describe("Miles from the place searched from, to one decimal"),
});

export const CollectionSitesResponse = z.object({
  origin: z.object({ latitude: z.number(), longitude: z.number() })
    .describe("The place searched from: the ZIP code's centre, or the given point"),
  data: z.array(CollectionSiteRecord).describe("Nearest first"),
});
export type CollectionSitesResponse = z.infer<typeof CollectionSitesResponse>;
