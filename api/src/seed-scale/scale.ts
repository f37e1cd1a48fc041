/**
 * The scale data set: a realistic consortium (by default 250,000 members and 20,000 companies with five years
 * of memberships, orders, tests, random pools and notifications) built by set-based SQL, so that analytics and
 * exports are measured at ten times the consortium's size. Deterministic from (seed, size, anchor day).
 */
import type { Database } from "../db/client.ts";
import { BASE_SQL, type BaseTable, scaleStatements } from "./queries.ts";

export interface ScaleOptions {
  members: number;
  /** Default: one company for every 12.5 members. */
  companies?: number;
  seed?: string;
  /** 'YYYY-MM-DD', the data set's "today". */
  anchor: string;
  timeZone: string;
  log?: (line: string) => void;
}

export async function seedScale(database: Database, options: ScaleOptions): Promise<void> {
  const seed = options.seed ?? "apca";
  if (!/^[A-Za-z0-9]{1,32}$/.test(seed)) throw new RangeError("seed: letters and digits only");
  if (!Number.isInteger(options.members) || options.members < 24) {
    throw new RangeError("members: at least 24");
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.anchor)) throw new RangeError("anchor: YYYY-MM-DD");
  if (!/^[A-Za-z_/+-]+$/.test(options.timeZone)) throw new RangeError("timeZone: an IANA name");
  const companies = options.companies ?? Math.max(1, Math.round(options.members / 12.5));
  const [base] = await database.query<Record<BaseTable, number>>(BASE_SQL);
  const statements = scaleStatements({
    members: options.members,
    companies,
    seed,
    anchor: options.anchor,
    timeZone: options.timeZone,
    base: Object.fromEntries(Object.entries(base).map(([k, v]) => [k, Number(v)])) as Record<
      BaseTable,
      number
    >,
  });
  for (const { name, sql } of statements) {
    const started = performance.now();
    await database.query(sql);
    options.log?.(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
