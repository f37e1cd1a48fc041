/** The public collection-site finder (issue 25 item 5): sites near a ZIP code or a point, through i3. */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { CollectionSitesResponse, SiteQuery } from "./schemas.ts";
import { findCollectionSites } from "./service.ts";

export const collectionSitesRoutes = new Hono<AppEnv>()
  .get(
    "/collection-sites",
    allow("public"),
    describe({
      summary: "Find collection sites near a ZIP code or a location",
      description:
        "Searches i3's collection sites (the i3 simulator's made-up set unless I3_API_URL is set) " +
        "around `zip`, or around `lat` and `lng` (the browser's location), nearest first with the distance in " +
        "miles. Give either `zip` or both `lat` and `lng`. A ZIP code i3 cannot place answers 422 on `zip`. " +
        "Rate-limited per address (COLLECTION_SITES_LIMIT_PER_IP a minute).",
      tags: ["Collection sites"],
      response: CollectionSitesResponse,
      errors: {
        429: "Too many searches from this address",
        502: "i3 is not answering (I3_FAILED); try again later",
      },
    }),
    validate("query", SiteQuery),
    async (c) => c.json(await findCollectionSites(c.var.deps, c.req.valid("query"), clientIp(c)), 200),
  );
