/**
 * The last lines a start prints (issue 26 item 5): the address, where the request log goes and how to stop,
 * then every demo sign-in that exists in the database, each once (administrator, DER, member, employees). In
 * production (APP_ENV=production) no password is ever printed.
 */
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { DEMO_USERS } from "./seed.ts";
import { liveEmails } from "./users/service.ts";

export interface SignIn {
  who: string;
  email: string;
  password: string;
  /** A line printed under the sign-in, such as how to pass the administrator's second factor. */
  note?: string;
}

export interface BannerInput {
  /** The address to open. */
  url: string;
  /** What the data lives in, such as "PGlite in ./data" or "PostgreSQL". */
  database: string;
  /** Where the request log goes (lib/request-log.ts). */
  requestLog: string;
  signIns: SignIn[];
}

/** The address a person opens: localhost for the loopback and wildcard interfaces, else the interface. */
export function addressOf(host: string, port: number): string {
  const local = ["127.0.0.1", "0.0.0.0", "::", "::1", "localhost"].includes(host);
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function startBanner(input: BannerInput): string[] {
  const lines = [
    `APCA portal running at ${input.url}  (${input.database}; ${input.requestLog}; Ctrl+C stops it)`,
  ];
  if (!input.signIns.length) return lines;
  const whoWidth = Math.max(...input.signIns.map((s) => s.who.length));
  const emailWidth = Math.max(...input.signIns.map((s) => s.email.length));
  lines.push("Demo sign-ins (local only):");
  for (const s of input.signIns) {
    lines.push(`  ${s.who.padEnd(whoWidth)}  ${s.email.padEnd(emailWidth)}  ${s.password}`);
    if (s.note) lines.push(`  ${"".padEnd(whoWidth)}  ${s.note}`);
  }
  return lines;
}

/** The demo sign-ins, in the order the README lists them, before checking which exist. */
export function demoSignIns(config: Config, adminPasswordFromEnv: boolean): SignIn[] {
  return [
    {
      who: "administrator",
      email: config.seedAdminEmail,
      password: adminPasswordFromEnv ? "(the password in SEED_ADMIN_PASSWORD)" : config.seedAdminPassword,
      ...(config.seedAdminTotpSecret
        ? {
          note:
            `then the code \`deno task second-factor:code\` prints (authenticator secret ${config.seedAdminTotpSecret})`,
        }
        : {}),
    },
    { who: "DER", ...DEMO_USERS.der },
    { who: "DER", ...DEMO_USERS.der2 },
    { who: "member", ...DEMO_USERS.member },
    { who: "employee", ...DEMO_USERS.employee1 },
    { who: "employee", ...DEMO_USERS.employee2 },
  ];
}

/** The demo sign-ins whose accounts exist (none in production). */
export async function existingSignIns(
  database: Database,
  config: Config,
  adminPasswordFromEnv: boolean,
): Promise<SignIn[]> {
  if (config.production) return [];
  const candidates = demoSignIns(config, adminPasswordFromEnv);
  const found = await liveEmails(database.db, candidates.map((c) => c.email));
  const emails = new Set(found.map((email) => email.toLowerCase()));
  return candidates.filter((c) => emails.has(c.email.toLowerCase()));
}
