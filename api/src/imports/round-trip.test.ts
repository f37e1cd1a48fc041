/**
 * Out and back in (issue 36 item 4), as a property: for generated data sets in the import templates, import
 * them, export every kind, import those exports into an empty database, export again: the files are
 * identical, and the first export holds every generated record.
 */
import fc from "fast-check";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { testClock } from "../testing/clock.ts";
import { apply, dryRun, rows } from "./test-helpers.ts";
import { csvRow } from "./csv.ts";
import { dollars, TEMPLATES } from "./fields.ts";

const KIND_ORDER = ["companies", "members", "memberships", "drug_tests", "store_orders"] as const;

async function importFile(ctx: TestContext, kind: string, text: string) {
  const { id } = await dryRun(ctx, kind, text);
  assertEquals(await rows(ctx, id, "&outcome=error"), [], `${kind}: no row refused`);
  await apply(ctx, id);
}

async function exportAll(ctx: TestContext) {
  const out: Record<string, string> = {};
  for (const kind of KIND_ORDER) {
    const res = await ctx.request("admin", "GET", `/api/auth/imports/export/${kind}`);
    assertEquals(res.status, 200);
    out[kind] = await res.text();
  }
  return out;
}

const text = fc.stringMatching(/^[A-Za-z][A-Za-z ,"'ëüñ\n.-]{0,12}[a-z]$/);
const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const day = fc.date({
  min: new Date("2015-01-01T00:00:00Z"),
  max: new Date("2026-06-30T00:00:00Z"),
  noInvalidDate: true,
})
  .map((d) => d.toISOString().slice(0, 10));
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);

const dataSet = fc.record({
  companies: fc.uniqueArray(fc.integer({ min: 100_000_000, max: 999_999_999 }), {
    minLength: 1,
    maxLength: 3,
  })
    .chain((eins) =>
      fc.tuple(...eins.map((e, i) =>
        fc.record({
          ein: fc.constant(`${String(e).slice(0, 2)}-${String(e).slice(2)}`),
          name: text,
          dba_name: optional(text),
          phone: optional(
            fc.integer({ min: 2_000_000, max: 9_999_999 }).map((n) =>
              `504-${String(n).slice(0, 3)}-${String(n).slice(3)}`
            ),
          ),
          city: optional(text),
          der: fc.boolean().map((b) =>
            b ? { email: `der${i}@example.com`, first: "Dee", last: `Er${i}` } : null
          ),
        })
      ))
    ),
  members: fc.integer({ min: 1, max: 5 }).chain((n) =>
    fc.tuple(...Array.from({ length: n }, (_, i) =>
      fc.record({
        email: fc.constant(`m${i}@example.com`),
        member_number: optional(fc.constant(`L-${i}`)),
        first_name: text,
        middle_name: optional(text),
        last_name: text,
        ssn_last4: optional(fc.integer({ min: 0, max: 9999 }).map((s) => String(s).padStart(4, "0"))),
        employer: fc.nat(5),
        terms: fc.uniqueArray(
          fc.record({
            type: fc.constantFrom("annual", "one_time"),
            start: day,
            paid: fc.boolean(),
            cents: fc.integer({ min: 100, max: 50000 }),
            payer: fc.boolean(),
          }),
          { maxLength: 2, selector: (t) => `${t.type}${t.start}` },
        ),
        tests: fc.array(
          fc.record({
            reason: fc.constantFrom("Pre-employment", "Random", "Post-accident", "Follow-up"),
            result: fc.constantFrom("Passed", "Not passed", "Refusal", "Cancelled"),
            on: day,
            employer: fc.boolean(),
          }),
          { maxLength: 2 },
        ),
        orders: fc.array(
          fc.record({
            on: day,
            lines: fc.array(
              fc.record({
                name: fc.stringMatching(/^[A-Za-z][A-Za-z ,"'ëü.-]{0,12}[a-z]$/),
                quantity: fc.integer({ min: 1, max: 99 }),
                cents: fc.integer({ min: 1, max: 20000 }),
              }),
              { minLength: 1, maxLength: 3 },
            ),
            cancelled: fc.option(fc.nat(30), { nil: null }),
            medium: fc.constantFrom("Credit Card Charged", "Check Received", "Cash Received"),
            payer: fc.boolean(),
          }),
          { maxLength: 2 },
        ),
      })))
  ),
});

type DataSet = typeof dataSet extends fc.Arbitrary<infer T> ? T : never;

function files(d: DataSet): Record<string, string> {
  const header = (kind: keyof typeof TEMPLATES) => csvRow(TEMPLATES[kind].map((f) => f.name));
  const companies = d.companies.map((c) =>
    csvRow([
      c.ein,
      c.name,
      c.dba_name,
      null,
      c.phone,
      null,
      null,
      c.city,
      null,
      null,
      null,
      c.der?.email,
      c.der?.first,
      c.der?.last,
      null,
    ])
  );
  const members: string[] = [], terms: string[] = [], tests: string[] = [], orders: string[] = [];
  let ref = 0, orderRef = 0;
  for (const m of d.members) {
    const employer = m.employer < d.companies.length ? d.companies[m.employer].ein : null;
    members.push(
      csvRow([
        m.email,
        m.member_number,
        m.first_name,
        m.middle_name,
        m.last_name,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        m.ssn_last4,
        employer,
      ]),
    );
    for (const t of m.terms) {
      const ends = t.type === "annual" ? addDays(t.start, 364) : null;
      terms.push(
        csvRow([
          m.email,
          t.type,
          t.start,
          ends,
          t.paid ? t.start : null,
          `${Math.floor(t.cents / 100)}.${String(t.cents % 100).padStart(2, "0")}`,
          t.payer ? d.companies[0].ein : null,
        ]),
      );
    }
    for (const o of m.orders) {
      const total = o.lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
      orders.push(
        csvRow([
          `OLD-${String(++orderRef).padStart(4, "0")}`,
          m.email,
          o.payer ? d.companies[0].ein : null,
          o.on,
          o.lines.map((l) => `${l.quantity} x ${l.name} @ ${dollars(l.cents)}`).join("; "),
          dollars(total),
          o.cancelled === null ? "Completed" : "Cancelled",
          o.cancelled === null ? null : addDays(o.on, o.cancelled),
          o.medium,
        ]),
      );
    }
    for (const t of m.tests) {
      tests.push(
        csvRow([
          `I3-${String(++ref).padStart(5, "0")}`,
          m.email,
          t.employer ? d.companies[0].ein : null,
          t.reason,
          t.on,
          t.result,
          addDays(t.on, 2),
        ]),
      );
    }
  }
  return {
    store_orders: header("store_orders") + orders.join(""),
    companies: header("companies") + companies.join(""),
    members: header("members") + members.join(""),
    memberships: header("memberships") + terms.join(""),
    drug_tests: header("drug_tests") + tests.join(""),
  };
}

Deno.test("imports: export → import into an empty database → export gives identical files", async () => {
  const clock = testClock("2026-12-07T15:00:00Z");
  await fc.assert(
    fc.asyncProperty(dataSet, async (d) => {
      const source = files(d);
      const a = await createTestContext({ now: clock.now });
      let first: Record<string, string>;
      try {
        for (const kind of KIND_ORDER) await importFile(a, kind, source[kind]);
        first = await exportAll(a);
      } finally {
        await a.close();
      }
      for (const m of d.members) assertOk(first.members.includes(m.email), `${m.email} exported`);
      for (const c of d.companies) assertOk(first.companies.includes(c.ein), `${c.ein} exported`);
      assertEquals(
        first.store_orders.split("OLD-").length - 1,
        d.members.reduce((n, m) => n + m.orders.length, 0),
      );
      assertEquals(
        first.drug_tests.split("I3-").length - 1,
        d.members.reduce((n, m) => n + m.tests.length, 0),
      );
      const b = await createTestContext({ now: clock.now });
      try {
        for (const kind of KIND_ORDER) await importFile(b, kind, first[kind]);
        assertEquals(await exportAll(b), first);
      } finally {
        await b.close();
      }
    }),
    // A failure reports its data set at once: shrinking would build two databases per step.
    { numRuns: 3, endOnFailure: true },
  );
});
