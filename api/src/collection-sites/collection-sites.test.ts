import type { I3Simulator } from "../integrations/i3/simulator.ts";
import { ERROR_STATUS } from "../lib/errors.ts";
import { fixedWindow } from "../lib/rate-limit.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { type CollectionSitesResponse, SITE_MESSAGES } from "./schemas.ts";

/** An error answer in the error model: `{ error, code }` with the status its code belongs to. */
async function errorOf(res: Response) {
  const body = await res.json();
  assertEquals(typeof body.error, "string");
  assertEquals(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS], res.status, `code ${body.code}`);
  return body as { error: string; code: string; issues?: { path: string; message: string }[] };
}

Deno.test("collection sites: public search by ZIP code or location through i3, in the error model", async (t) => {
  const ctx = await createTestContext({ limits: { collectionSitesPerIp: fixedWindow(1000, 60) } });
  const search = (query: string) => ctx.request(null, "GET", `/api/collection-sites?${query}`);
  try {
    await t.step("by ZIP code: nearest first, with miles, address, hours and services", async () => {
      const res = await search("zip=77029");
      assertEquals(res.status, 200);
      const body: CollectionSitesResponse = await res.json();
      assertEquals(body.data.length, 10, "ten unless asked for another count");
      const [first] = body.data;
      assertEquals(first.name, "Ship Channel Occupational Health");
      assertEquals(first.address, {
        line1: "1200 Clinton Dr",
        city: "Galena Park",
        state: "TX",
        zip: "77547",
      });
      assertOk(first.distance_miles < 3, `${first.distance_miles} miles`);
      assertOk(first.hours.length > 0 && first.services.includes("dot_urine") && first.phone !== null);
      const miles = body.data.map((s) => s.distance_miles);
      assertEquals(miles, [...miles].sort((a, b) => a - b), "nearest first");
      assertEquals(new Set(body.data.map((s) => s.address.state)), new Set(["TX"]), "Houston's are Texan");
    });

    await t.step("by location, with a radius and a count", async () => {
      const res = await search("lat=30.69&lng=-88.04&radius=60&limit=3");
      assertEquals(res.status, 200);
      const body: CollectionSitesResponse = await res.json();
      assertEquals(body.origin, { latitude: 30.69, longitude: -88.04 });
      assertEquals(body.data.map((s) => s.address.city), ["Mobile", "Bayou La Batre", "Pascagoula"]);
      const none = await search("lat=39.74&lng=-104.99");
      assertEquals([none.status, (await none.json()).data], [200, []], "nothing near Denver: an empty list");
    });

    await t.step("an unknown ZIP code is a 422 on zip", async () => {
      const res = await search("zip=00000");
      assertEquals(res.status, 422);
      const body = await errorOf(res);
      assertEquals(body.code, "VALIDATION_FAILED");
      assertEquals(body.issues, [{ path: "zip", message: SITE_MESSAGES.unknownZip }]);
    });

    await t.step("bad input is a 422 naming the field", async () => {
      const cases: [string, string, string][] = [
        ["", "zip", SITE_MESSAGES.where],
        ["zip=7702", "zip", SITE_MESSAGES.zip],
        ["zip=abcde", "zip", SITE_MESSAGES.zip],
        ["zip=77029&lat=29&lng=-95", "zip", SITE_MESSAGES.where],
        ["lat=29.7", "lng", SITE_MESSAGES.longitude],
        ["lng=-95.3", "lat", SITE_MESSAGES.latitude],
        ["lat=91&lng=-95", "lat", SITE_MESSAGES.latitude],
        ["lat=north&lng=-95", "lat", SITE_MESSAGES.latitude],
        ["lat=29&lng=-181", "lng", SITE_MESSAGES.longitude],
      ];
      for (const [query, path, message] of cases) {
        const res = await search(query);
        assertEquals(res.status, 422, query);
        const body = await errorOf(res);
        assertEquals(body.code, "VALIDATION_FAILED", query);
        assertOk(
          body.issues?.some((i) => i.path === path && i.message === message),
          `${query}: ${body.error}`,
        );
      }
      for (
        const query of ["zip=77029&limit=0", "zip=77029&limit=26", "zip=77029&radius=0", "zip=77029&radius=x"]
      ) {
        const res = await search(query);
        assertEquals([res.status, (await errorOf(res)).code], [422, "VALIDATION_FAILED"], query);
      }
    });

    await t.step("i3 failing is a 502 I3_FAILED in the error model, never a 500", async () => {
      (ctx.deps.i3 as I3Simulator).control.failNext("findCollectionSites", 2);
      for (const query of ["zip=77029", "lat=29.7&lng=-95.2"]) {
        const res = await search(query);
        assertEquals(res.status, 502, query);
        const body = await errorOf(res);
        assertEquals([body.code, body.error], ["I3_FAILED", SITE_MESSAGES.unavailable]);
      }
      assertEquals((await search("zip=77029")).status, 200, "the next search works again");
    });

    await t.step("role matrix: public, the same answer for everyone", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/collection-sites?zip=70130",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, der: 200, admin: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("collection sites: rate-limited per address with Retry-After", async () => {
  const ctx = await createTestContext({ limits: { collectionSitesPerIp: fixedWindow(2, 60) } });
  try {
    for (let i = 0; i < 2; i++) {
      const ok = await ctx.request(null, "GET", "/api/collection-sites?zip=77029");
      assertEquals(ok.status, 200);
      await ok.body?.cancel();
    }
    const res = await ctx.request(null, "GET", "/api/collection-sites?zip=77029");
    assertEquals(res.status, 429);
    assertOk(Number(res.headers.get("Retry-After")) > 0);
    assertEquals((await errorOf(res)).error, SITE_MESSAGES.rateLimited);
  } finally {
    await ctx.close();
  }
});
