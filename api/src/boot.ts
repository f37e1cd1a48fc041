/** Opening the database and building the dependencies, shared by the server, the seed task and the tests. */
import type { Config } from "./config.ts";
import { connectPglite, connectPostgres, type Database } from "./db/client.ts";
import { loadSessionKey } from "./auth/tokens.ts";
import type { Deps } from "./lib/context.ts";
import { fixedWindow } from "./lib/rate-limit.ts";

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl)
    : await connectPglite(`${config.dataDir}/pglite`);
}

const envNumber = (name: string, fallback: number) => Number(Deno.env.get(name) || fallback);

export async function buildDeps(
  config: Config,
  database: Database,
  overrides: Partial<Deps> = {},
): Promise<Deps> {
  return {
    config,
    database,
    sessionKey: await loadSessionKey(database, config.sessionSecret),
    limits: {
      // Per address: generous, since a ship's crew may share one satellite uplink.
      loginPerIp: fixedWindow(envNumber("LOGIN_LIMIT_PER_IP", 100), 10 * 60),
      // Per account: tight, since this is what stops password guessing.
      loginPerEmail: fixedWindow(envNumber("LOGIN_LIMIT_PER_EMAIL", 10), 15 * 60),
    },
    now: () => new Date(),
    ...overrides,
  };
}
