import { sql } from "kysely";
import type { DrugTestResult } from "../../db/types.ts";
import { assertEquals, assertMatch, assertOk, assertRejects } from "../../testing/assert.ts";
import { withDatabase } from "../../testing/db.ts";
import { i3HttpClient } from "./client.ts";
import { I3Error } from "./i3.ts";
import { type I3SimOptions, i3Simulator, parseFailures, parseOutcomes } from "./simulator.ts";
import { SIM_SITES, zipCentre } from "./sim-sites.ts";

const T0 = new Date("2026-03-01T10:00:00Z");
const OPTIONS: I3SimOptions = { resultDelayMs: 0, fail: "", outcomes: "negative", seed: "test" };
const donor = { id: 7, first_name: "Mia", last_name: "Test", member_number: "M-7" };
const business = { id: 3, name: "Company A", i3_location_code: "SIM-LOC-000003" };
let refs = 0;
/** A fresh client reference per order (ours, one per drug_tests row). */
const nextRef = () => `apca-test-${++refs}`;

Deno.test("i3 simulator", async (t) => {
  await withDatabase(async ({ db }) => {
    const fresh = async () => {
      await db.deleteFrom("i3_sim_orders").execute();
      await sql`alter sequence i3_sim_order_seq restart`.execute(db);
    };

    await t.step("set-up gives a location code derived from the business", async () => {
      const sim = i3Simulator(db, () => T0, OPTIONS);
      assertEquals(await sim.setUpBusiness({ id: 3, name: "Company A" }), {
        location_code: "SIM-LOC-000003",
      });
    });

    await t.step("an order needs a set-up business", async () => {
      const sim = i3Simulator(db, () => T0, OPTIONS);
      await assertRejects(
        () =>
          sim.orderTest({
            user: donor,
            business: { id: 9, name: "New" },
            reason: "random",
            client_ref: nextRef(),
          }),
        I3Error,
      );
    });

    await t.step("results arrive after the configured delay, collection half-way", async () => {
      await fresh();
      const sim = i3Simulator(db, () => T0, { ...OPTIONS, resultDelayMs: 60_000 });
      const { order_ref } = await sim.orderTest({
        user: donor,
        business,
        reason: "random",
        client_ref: nextRef(),
      });
      assertEquals(order_ref, "SIM-00000001");
      assertEquals((await sim.getResult(order_ref)).status, "ordered");
      assertEquals(await sim.fetchResults(T0), []);
      sim.control.advance(30_000);
      const collected = await sim.getResult(order_ref);
      assertEquals([collected.status, collected.result, collected.panel], ["collected", null, null]);
      assertEquals(collected.collected_at, new Date(T0.getTime() + 30_000));
      sim.control.advance(30_000);
      const [resulted] = await sim.fetchResults(T0);
      assertEquals([resulted.order_ref, resulted.status, resulted.result], [
        order_ref,
        "resulted",
        "negative",
      ]);
      assertEquals(resulted.resulted_at, new Date(T0.getTime() + 60_000));
      assertEquals(resulted.panel?.analytes.length, 5);
      assertEquals(resulted.panel?.analytes.every((a) => a.result === "negative"), true);
      // Nothing changed after a later `since`.
      assertEquals(await sim.fetchResults(new Date(T0.getTime() + 61_000)), []);
    });

    await t.step("an order placed again under the same client reference is the same order", async () => {
      await fresh();
      const sim = i3Simulator(db, () => T0, OPTIONS);
      const ref = nextRef();
      const first = await sim.orderTest({ user: donor, business, reason: "random", client_ref: ref });
      const again = await sim.orderTest({ user: donor, business, reason: "random", client_ref: ref });
      const other = await sim.orderTest({ user: donor, business, reason: "random", client_ref: nextRef() });
      assertEquals(again, first);
      assertOk(other.order_ref !== first.order_ref, "another reference is another order");
      const { n } = await db.selectFrom("i3_sim_orders").select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      assertEquals(Number(n), 2);
    });

    await t.step("with no delay (the tests' default) the result is there at once", async () => {
      const sim = i3Simulator(db, () => T0, OPTIONS);
      const { order_ref } = await sim.orderTest({
        user: donor,
        business,
        reason: "pre_employment",
        client_ref: nextRef(),
      });
      assertEquals((await sim.getResult(order_ref)).status, "resulted");
    });

    await t.step("outcomes are drawn deterministically from the seed and the reference", async () => {
      const run = async (seed: string) => {
        await fresh();
        const sim = i3Simulator(db, () => T0, {
          ...OPTIONS,
          seed,
          outcomes: "negative:1,positive:1,refusal:1",
        });
        const outcomes: (DrugTestResult | null)[] = [];
        for (let i = 0; i < 12; i++) {
          const { order_ref } = await sim.orderTest({
            user: donor,
            business,
            reason: "random",
            client_ref: nextRef(),
          });
          outcomes.push((await sim.getResult(order_ref)).result);
        }
        return outcomes;
      };
      const first = await run("alpha");
      assertEquals(await run("alpha"), first);
      assertOk(new Set(first).size > 1, `mixed outcomes expected, got ${first}`);
      assertOk(JSON.stringify(await run("beta")) !== JSON.stringify(first), "another seed, another draw");
    });

    await t.step("a positive names one analyte; refusals and cancellations have none", async () => {
      await fresh();
      const sim = i3Simulator(db, () => T0, OPTIONS);
      const { order_ref } = await sim.orderTest({
        user: donor,
        business,
        reason: "random",
        client_ref: nextRef(),
      });
      await sim.control.setOutcome(order_ref, "positive");
      const positive = await sim.getResult(order_ref);
      assertEquals(positive.result, "positive");
      assertEquals(positive.panel?.analytes.filter((a) => a.result === "positive").length, 1);
      await sim.control.setOutcome(order_ref, "refusal");
      const refusal = await sim.getResult(order_ref);
      assertEquals(refusal.panel?.analytes, []);
      assertMatch(refusal.panel?.mro_note ?? "", /Refusal/);
      await sim.control.setOutcome(order_ref, "negative_dilute");
      assertEquals((await sim.getResult(order_ref)).panel?.dilute, true);
    });

    await t.step("configured failures: always, at a rate (reproducibly), and on demand", async () => {
      const always = i3Simulator(db, () => T0, { ...OPTIONS, fail: "orderTest" });
      const error = await always.orderTest({ user: donor, business, reason: "random", client_ref: nextRef() })
        .catch((e) => e);
      assertOk(error instanceof I3Error);
      assertEquals([error.code, error.operation], ["unavailable", "orderTest"]);
      assertEquals((await always.setUpBusiness({ id: 1, name: "x" })).location_code, "SIM-LOC-000001");

      const pattern = async () => {
        const sim = i3Simulator(db, () => T0, { ...OPTIONS, fail: "setUpBusiness:0.5" });
        const outcomes: boolean[] = [];
        for (let i = 0; i < 30; i++) {
          outcomes.push(await sim.setUpBusiness({ id: 1, name: "x" }).then(() => true, () => false));
        }
        return outcomes;
      };
      const first = await pattern();
      assertEquals(await pattern(), first);
      const failed = first.filter((ok) => !ok).length;
      assertOk(failed > 5 && failed < 25, `about half fail, got ${failed} of 30`);

      const sim = i3Simulator(db, () => T0, OPTIONS);
      sim.control.failNext("fetchResults", 2);
      await assertRejects(() => sim.fetchResults(T0), I3Error);
      await assertRejects(() => sim.fetchResults(T0), I3Error);
      await sim.fetchResults(T0);
    });

    await t.step("an unknown reference is not found", async () => {
      const sim = i3Simulator(db, () => T0, OPTIONS);
      const error = await sim.getResult("SIM-99999999").catch((e) => e);
      assertEquals([error instanceof I3Error, error.code], [true, "not_found"]);
    });

    await t.step("collection sites: nearest first from a ZIP code or a point, with miles", async () => {
      const sim = i3Simulator(db, () => T0, OPTIONS);
      assertOk(SIM_SITES.length >= 30, `a realistic set of sites, got ${SIM_SITES.length}`);
      for (const site of SIM_SITES) {
        assertMatch(site.address.zip, /^\d{5}$/);
        assertOk(site.hours.length > 0 && site.services.includes("dot_urine"), site.site_id);
        assertOk(zipCentre(site.address.zip), `the table places the site's own ZIP code ${site.address.zip}`);
      }
      const { origin, sites } = await sim.findCollectionSites({ zip: "77029", radius_miles: 150, limit: 10 });
      assertEquals(origin, zipCentre("77029"));
      assertEquals(sites.length, 10);
      assertEquals(sites[0].site_id, "SIM-TX-001", "the Ship Channel site is the nearest to 77029");
      assertOk(sites[0].distance_miles < 3, `${sites[0].distance_miles} miles`);
      const miles = sites.map((s) => s.distance_miles);
      assertEquals(miles, [...miles].sort((a, b) => a - b), "nearest first");
      assertOk(sites.every((s) => s.distance_miles <= 150));

      const point = await sim.findCollectionSites({
        latitude: 29.95,
        longitude: -90.07,
        radius_miles: 25,
        limit: 25,
      });
      assertEquals(point.origin, { latitude: 29.95, longitude: -90.07 });
      assertEquals(point.sites.map((s) => s.address.city).sort(), ["Harvey", "New Orleans"]);

      // A ZIP code outside the table is placed by its first three digits (77005: Houston).
      assertEquals(
        (await sim.findCollectionSites({ zip: "77005", radius_miles: 150, limit: 1 })).sites.length,
        1,
      );
      const far = await sim.findCollectionSites({
        latitude: 39.74,
        longitude: -104.99,
        radius_miles: 150,
        limit: 10,
      });
      assertEquals(far.sites, [], "nothing within reach of Denver");

      const unknown = await sim.findCollectionSites({ zip: "00000", radius_miles: 150, limit: 10 }).catch((
        e,
      ) => e);
      assertEquals([unknown instanceof I3Error, unknown.code, unknown.operation], [
        true,
        "not_found",
        "findCollectionSites",
      ]);
      sim.control.failNext("findCollectionSites");
      const down = await sim.findCollectionSites({ zip: "77029", radius_miles: 150, limit: 10 }).catch((e) =>
        e
      );
      assertEquals([down instanceof I3Error, down.code], [true, "unavailable"]);
    });

    await t.step("a bad configuration is refused at start", () => {
      for (const bad of ["orderTest:2", "nonsense"]) {
        let threw = false;
        try {
          parseFailures(bad);
        } catch {
          threw = true;
        }
        assertOk(threw, bad);
      }
      assertEquals(parseFailures("all:0.1").size, 5);
      assertEquals(parseOutcomes("negative:3,positive:1").map((o) => o.upTo), [0.75, 1]);
      let threw = false;
      try {
        parseOutcomes("maybe");
      } catch {
        threw = true;
      }
      assertOk(threw);
    });
  });
});

Deno.test("i3 HTTP client skeleton: what it sends and how it reads answers", async () => {
  const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  // deno-lint-ignore require-await
  const fake: typeof fetch = async (input, init) => {
    const url = String(input);
    seen.push({
      method: init?.method ?? "GET",
      url,
      auth: new Headers(init?.headers).get("Authorization"),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (url.endsWith("/locations")) return Response.json({ location_code: "LOC-1" });
    if (url.endsWith("/orders")) return Response.json({ order_ref: "ORD-1" });
    if (url.includes("/results?since=")) {
      return Response.json({
        data: [{
          order_ref: "ORD-1",
          status: "resulted",
          result: "negative",
          collected_at: "2026-03-01T10:00:00.000Z",
          resulted_at: "2026-03-02T10:00:00.000Z",
          panel: null,
        }],
      });
    }
    if (url.endsWith("/orders/missing/result")) return new Response("{}", { status: 404 });
    if (url.includes("/collection-sites?zip=00000")) return new Response("{}", { status: 404 });
    if (url.includes("/collection-sites?")) {
      const site = (id: string, latitude: number, services: string[]) => ({
        site_id: id,
        name: id,
        address: { line1: "1 Main St", city: "Houston", state: "TX", zip: "77029" },
        latitude,
        longitude: -95.26,
        services,
      });
      return Response.json({
        origin: { latitude: 29.76, longitude: -95.26 },
        data: [site("far", 30.5, ["dot_urine"]), site("near", 29.77, ["dot_urine", "teleport"])],
      });
    }
    return new Response("down", { status: 503 });
  };
  const client = i3HttpClient({ url: "https://i3.example/api/", apiKey: "k" }, fake);
  assertEquals(await client.setUpBusiness({ id: 3, name: "A" }), { location_code: "LOC-1" });
  assertEquals(await client.orderTest({ user: donor, business, reason: "random", client_ref: nextRef() }), {
    order_ref: "ORD-1",
  });
  const [result] = await client.fetchResults(T0);
  assertEquals(result.resulted_at, new Date("2026-03-02T10:00:00.000Z"));
  assertEquals((await client.getResult("missing").catch((e) => e)).code, "not_found");
  assertEquals((await client.getResult("other").catch((e) => e)).code, "unavailable");
  assertEquals(seen[0], {
    method: "POST",
    url: "https://i3.example/api/locations",
    auth: "Bearer k",
    body: { external_id: "3", name: "A" },
  });
  assertEquals(seen[2].url, `https://i3.example/api/results?since=${encodeURIComponent(T0.toISOString())}`);

  const found = await client.findCollectionSites({ zip: "77029", radius_miles: 150, limit: 10 });
  assertEquals(seen.at(-1)?.url, "https://i3.example/api/collection-sites?zip=77029&radius=150&limit=10");
  assertEquals(found.sites.map((s) => s.site_id), ["near", "far"], "nearest first, measured by us");
  assertEquals(found.sites[0].services, ["dot_urine"], "an unknown service code is left out");
  assertEquals([found.sites[0].phone, found.sites[0].hours, found.sites[0].walk_ins], [null, [], false]);
  await client.findCollectionSites({ latitude: 29.7, longitude: -95.2, radius_miles: 25, limit: 5 });
  assertEquals(
    seen.at(-1)?.url,
    "https://i3.example/api/collection-sites?latitude=29.7&longitude=-95.2&radius=25&limit=5",
  );
  const unknown = await client.findCollectionSites({ zip: "00000", radius_miles: 150, limit: 10 }).catch((
    e,
  ) => e);
  assertEquals([unknown.code, unknown.operation], ["not_found", "findCollectionSites"]);
});
