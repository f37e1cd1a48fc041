/**
 * The dashboard's early reads are the URLs the server's page for /app announces for a member's session
 * (`@apca/rules/member-dashboard`, api/src/site/app-page.ts): byte for byte, or the browser fetches twice.
 */
import assert from "node:assert/strict";
import { MEMBER_DASHBOARD_READS } from "@apca/rules/member-dashboard";
import { prefetchRecentTests } from "./api.ts";
import { prefetchMembership } from "../memberships/api.ts";

Deno.test({
  name: "the member's dashboard asks early for exactly the reads the server's page preloads",
  // The early answers are forgotten after a while by a timer; the test does not wait for it.
  sanitizeOps: false,
  fn() {
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request) => {
      asked.push(String(input));
      return Promise.resolve(new Response("{}", { status: 200 }));
    }) as typeof fetch;
    try {
      prefetchMembership();
      prefetchRecentTests();
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.deepEqual(asked, [...MEMBER_DASHBOARD_READS]);
  },
});
