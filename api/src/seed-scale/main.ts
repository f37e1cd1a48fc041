/**
 * `deno task seed:scale [MEMBERS | --members=250000] [--seed=apca] [--anchor=YYYY-MM-DD]` (e.g. `deno task
 * seed:scale 1000000`, the million-member data set of decision 0096): fills the configured database
 * (DATABASE_URL; PostgreSQL, or the embedded PGlite in ./data when unset, where a smaller size is wiser) with
 * the scale data set on top of whatever is there. The anchor defaults to today's office day.
 */
import { loadConfig } from "../config.ts";
import { connectPglite, connectPostgres } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { officeDay } from "../lib/dates.ts";
import { seedScale } from "./scale.ts";

const args: Record<string, string> = Object.fromEntries(
  Deno.args.map((a) => /^--(\w+)=(.*)$/.exec(a)).filter((m) => m !== null).map((m) => [m[1], m[2]]),
);
/** The member count may also come first on its own: `seed:scale 1000000`. */
const positional = Deno.args.find((a) => /^\d[\d_,]*$/.test(a));
const config = loadConfig();
const database = config.databaseUrl
  ? connectPostgres(config.databaseUrl, { max: 1, statementTimeoutMs: 0 })
  : await connectPglite(config.dataDir);
try {
  await migrate(database);
  const started = performance.now();
  await seedScale(database, {
    members: Number((args.members ?? positional ?? "250000").replace(/[_,]/g, "")),
    companies: args.companies ? Number(args.companies) : undefined,
    seed: args.seed,
    // The one wall-clock read: the CLI's "today", passed in like any injected clock.
    anchor: args.anchor ?? officeDay(new Date(), config.officeTimeZone),
    timeZone: config.officeTimeZone,
    log: console.log,
  });
  console.log(`seed:scale done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
