/**
 * The built-in i3 simulator, the default i3 adapter. Deterministic from its configuration:
 * - order references are SIM-00000001, SIM-00000002, ... (a database sequence) and location codes
 *   SIM-LOC-<business id>;
 * - each order's outcome is drawn from I3_SIM_OUTCOMES ("negative" by default, or weights such as
 *   "negative:90,negative_dilute:5,positive:3,refusal:1,cancelled:1") by a hash of I3_SIM_SEED and the order
 *   reference, so the same order gets the same outcome on every run;
 * - the specimen is collected half-way through I3_SIM_RESULT_DELAY_MS and resulted at its end;
 * - I3_SIM_FAIL makes calls fail: "orderTest" (always), "orderTest:0.25" (a quarter of calls, again chosen by
 *   a hash of the seed and the call's sequence number), several separated by commas, or "all".
 * - findCollectionSites searches a fixed, made-up set of sites in US port cities (sim-sites.ts, decision 0072):
 *   a ZIP code is placed by a small table of ZIP centres (else its first three digits); an unknown one is
 *   refused with `not_found`, as i3 refuses a ZIP code it cannot place.
 * Orders live in i3_sim_orders so that a development server keeps them across restarts. Tests steer it through
 * `control`: move its clock, fix an order's outcome, make the next calls fail.
 */
import { type Kysely, sql } from "kysely";
import type { DB, DrugTestResult } from "../../db/types.ts";
import {
  I3_OPERATIONS,
  type I3Analyte,
  type I3Client,
  I3Error,
  type I3Operation,
  type I3Panel,
  type I3Result,
} from "./i3.ts";
import { SIM_SITES, zipCentre } from "./sim-sites.ts";
import { nearestSites } from "./sites.ts";

export interface I3SimOptions {
  resultDelayMs: number;
  fail: string;
  outcomes: string;
  seed: string;
}

export interface I3Simulator extends I3Client {
  readonly provider: "simulator";
  readonly control: {
    /** Moves the simulator's clock forward (results that were due by then have arrived). */
    advance(ms: number): void;
    /** The simulator's clock: the app's clock plus every `advance`. */
    now(): Date;
    /** Fixes the outcome (and panel) of a placed order. */
    setOutcome(orderRef: string, outcome: DrugTestResult): Promise<void>;
    /** Makes the next `times` calls of an operation fail as if i3 were down. */
    failNext(operation: I3Operation, times?: number): void;
  };
}

const RESULTS = ["negative", "negative_dilute", "positive", "refusal", "cancelled"] as const;

/** FNV-1a with a finaliser: a small, stable hash, so a seed and a name always give the same fraction in [0, 1). */
function fraction(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // MurmurHash3's finaliser: FNV alone barely moves the high bits when only the last character differs.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

/** "orderTest:0.25,setUpBusiness" → failure rate per operation. */
export function parseFailures(spec: string): Map<I3Operation, number> {
  const rates = new Map<I3Operation, number>();
  for (const part of spec.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [name, rateText] = part.split(":");
    const rate = rateText === undefined ? 1 : Number(rateText);
    if (!(rate >= 0 && rate <= 1)) throw new Error(`I3_SIM_FAIL: "${part}" needs a rate between 0 and 1`);
    const names = name === "all" ? I3_OPERATIONS : [name];
    for (const n of names) {
      if (!(I3_OPERATIONS as readonly string[]).includes(n)) {
        throw new Error(`I3_SIM_FAIL: unknown operation "${n}" (one of ${I3_OPERATIONS.join(", ")}, all)`);
      }
      rates.set(n as I3Operation, rate);
    }
  }
  return rates;
}

/** "negative:90,positive:10" → cumulative weights; a bare name weighs 1. */
export function parseOutcomes(spec: string): { outcome: DrugTestResult; upTo: number }[] {
  const parts = spec.split(",").map((p) => p.trim()).filter(Boolean);
  const weighted = parts.map((part) => {
    const [name, weightText] = part.split(":");
    const weight = weightText === undefined ? 1 : Number(weightText);
    if (!(RESULTS as readonly string[]).includes(name)) {
      throw new Error(`I3_SIM_OUTCOMES: unknown result "${name}" (one of ${RESULTS.join(", ")})`);
    }
    if (!(weight >= 0) || !Number.isFinite(weight)) {
      throw new Error(`I3_SIM_OUTCOMES: bad weight in "${part}"`);
    }
    return { outcome: name as DrugTestResult, weight };
  });
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  if (!(total > 0)) throw new Error("I3_SIM_OUTCOMES: at least one outcome needs a positive weight");
  let running = 0;
  return weighted.map((w) => ({ outcome: w.outcome, upTo: (running += w.weight) / total }));
}

const FIVE_PANEL: [string, number][] = [
  ["Marijuana metabolites (THCA)", 50],
  ["Cocaine metabolites (benzoylecgonine)", 150],
  ["Amphetamines", 500],
  ["Opiates", 2000],
  ["Phencyclidine (PCP)", 25],
];

/** The laboratory detail that goes with an outcome; a positive names one analyte, chosen by the reference. */
export function simulatedPanel(orderRef: string, outcome: DrugTestResult): I3Panel {
  const positiveIndex = Math.floor(fraction(`panel|${orderRef}`) * FIVE_PANEL.length);
  const tested = outcome !== "refusal" && outcome !== "cancelled";
  const analytes: I3Analyte[] = tested
    ? FIVE_PANEL.map(([name, cutoff], i) => ({
      name,
      cutoff_ng_ml: cutoff,
      result: outcome === "positive" && i === positiveIndex ? "positive" : "negative",
    }))
    : [];
  return {
    panel: "DOT 5-panel urine drug test (49 CFR 40.85)",
    specimen_id: orderRef.replace(/^SIM-/, "SPEC-"),
    laboratory: "Simulated HHS-certified laboratory",
    dilute: outcome === "negative_dilute",
    analytes,
    mro_note: outcome === "refusal"
      ? "Refusal to test (49 CFR 40.191)."
      : outcome === "cancelled"
      ? "Cancelled: fatal flaw (49 CFR 40.199)."
      : null,
  };
}

type Row = {
  order_ref: string;
  outcome: DrugTestResult;
  panel: unknown;
  collected_at: Date;
  resulted_at: Date;
};

export function i3Simulator(db: Kysely<DB>, appNow: () => Date, options: I3SimOptions): I3Simulator {
  const failures = parseFailures(options.fail);
  const outcomes = parseOutcomes(options.outcomes);
  const calls = new Map<I3Operation, number>();
  const forced = new Map<I3Operation, number>();
  let offsetMs = 0;
  const now = () => new Date(appNow().getTime() + offsetMs);

  function maybeFail(operation: I3Operation) {
    const n = (calls.get(operation) ?? 0) + 1;
    calls.set(operation, n);
    const pending = forced.get(operation) ?? 0;
    if (pending > 0) forced.set(operation, pending - 1);
    const rate = failures.get(operation) ?? 0;
    if (pending > 0 || (rate > 0 && fraction(`${options.seed}|${operation}|${n}`) < rate)) {
      throw new I3Error("unavailable", `The i3 simulator failed ${operation} (as configured).`, operation);
    }
  }

  function outcomeFor(orderRef: string): DrugTestResult {
    const f = fraction(`${options.seed}|${orderRef}`);
    return (outcomes.find((o) => f < o.upTo) ?? outcomes[outcomes.length - 1]).outcome;
  }

  function toResult(row: Row, at: Date): I3Result {
    const resulted = row.resulted_at <= at;
    const collected = row.collected_at <= at;
    return {
      order_ref: row.order_ref,
      status: resulted ? "resulted" : collected ? "collected" : "ordered",
      result: resulted ? row.outcome : null,
      collected_at: collected ? row.collected_at : null,
      resulted_at: resulted ? row.resulted_at : null,
      panel: resulted ? row.panel as I3Panel : null,
    };
  }

  const columns = ["order_ref", "outcome", "panel", "collected_at", "resulted_at"] as const;

  return {
    provider: "simulator",
    // deno-lint-ignore require-await
    async setUpBusiness(business) {
      maybeFail("setUpBusiness");
      return { location_code: `SIM-LOC-${String(business.id).padStart(6, "0")}` };
    },
    async orderTest({ user, business, reason, client_ref }) {
      maybeFail("orderTest");
      if (!business.i3_location_code) {
        throw new I3Error("not_set_up", "The business is not set up in i3.", "orderTest");
      }
      const placed = await db.selectFrom("i3_sim_orders").select("order_ref").where(
        "client_ref",
        "=",
        client_ref,
      )
        .executeTakeFirst();
      if (placed) return { order_ref: placed.order_ref };
      const { n } = await sql<{ n: number }>`select nextval('i3_sim_order_seq')::int as n`.execute(db)
        .then((r) => r.rows[0]);
      const orderRef = `SIM-${String(n).padStart(8, "0")}`;
      const outcome = outcomeFor(orderRef);
      const orderedAt = now();
      const delay = Math.max(0, options.resultDelayMs);
      await db.insertInto("i3_sim_orders").values({
        order_ref: orderRef,
        location_code: business.i3_location_code,
        donor_ref: String(user.id),
        reason,
        outcome,
        panel: simulatedPanel(orderRef, outcome) as unknown as Record<string, unknown>,
        ordered_at: orderedAt,
        collected_at: new Date(orderedAt.getTime() + Math.floor(delay / 2)),
        resulted_at: new Date(orderedAt.getTime() + delay),
        client_ref,
      }).execute();
      return { order_ref: orderRef };
    },
    async fetchResults(since) {
      maybeFail("fetchResults");
      const at = now();
      const rows = await db.selectFrom("i3_sim_orders").select(columns)
        .where("collected_at", "<=", at)
        .where((eb) => eb.or([eb("collected_at", ">=", since), eb("resulted_at", ">=", since)]))
        .orderBy("collected_at").orderBy("order_ref").execute();
      return rows.map((r) => toResult(r, at));
    },
    async getResult(orderRef) {
      maybeFail("getResult");
      const row = await db.selectFrom("i3_sim_orders").select(columns).where("order_ref", "=", orderRef)
        .executeTakeFirst();
      if (!row) throw new I3Error("not_found", `i3 has no order ${orderRef}.`, "getResult");
      return toResult(row, now());
    },
    // deno-lint-ignore require-await
    async findCollectionSites(search) {
      maybeFail("findCollectionSites");
      const at = "zip" in search
        ? zipCentre(search.zip)
        : { latitude: search.latitude, longitude: search.longitude };
      if (!at) {
        const zip = "zip" in search ? search.zip : "";
        throw new I3Error("not_found", `i3 cannot place ZIP code ${zip}.`, "findCollectionSites");
      }
      return { origin: at, sites: nearestSites(at, SIM_SITES, search) };
    },
    control: {
      advance(ms) {
        offsetMs += ms;
      },
      now,
      async setOutcome(orderRef, outcome) {
        const { numUpdatedRows } = await db.updateTable("i3_sim_orders")
          .set({ outcome, panel: simulatedPanel(orderRef, outcome) as unknown as Record<string, unknown> })
          .where("order_ref", "=", orderRef).executeTakeFirst();
        if (!numUpdatedRows) throw new Error(`The i3 simulator has no order ${orderRef}`);
      },
      failNext(operation, times = 1) {
        forced.set(operation, (forced.get(operation) ?? 0) + times);
      },
    },
  };
}
