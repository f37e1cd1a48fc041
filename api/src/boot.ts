/** Building the dependencies, shared by the server, the seed task and the tests (the database: db/client.ts). */
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { authenticate } from "./auth/sessions.ts";
import { loadSessionKey } from "./auth/tokens.ts";
import { createCaptcha } from "./integrations/captcha/captcha.ts";
import { createMailer } from "./integrations/mail/mailer.ts";
import { createI3 } from "./integrations/i3/i3.ts";
import { loadLetterKeys } from "./compliance/signing.ts";
import { createPayments } from "./integrations/payments/payments.ts";
import type { Deps } from "./lib/context.ts";
import { createStorage } from "./lib/storage.ts";
import { fixedWindow } from "./lib/rate-limit.ts";
import { jsonLog } from "./lib/logging.ts";
import { createMetrics } from "./lib/metrics.ts";
import { SessionCache } from "./lib/session-cache.ts";
import { loadTotpKey } from "./auth/second-factor/secret-box.ts";

const envNumber = (name: string, fallback: number) => Number(Deno.env.get(name) || fallback);

/** Replacements for tests; `limits` may name only the limits it replaces. */
export type DepsOverrides = Partial<Omit<Deps, "limits">> & { limits?: Partial<Deps["limits"]> };

export async function buildDeps(
  config: Config,
  database: Database,
  { limits, ...overrides }: DepsOverrides = {},
): Promise<Deps> {
  const now = overrides.now ?? (() => new Date());
  const sessionCache = overrides.sessionCache ?? new SessionCache();
  database.watchSessionFacts(sessionCache);
  return {
    config,
    database,
    sessionKey: await loadSessionKey(database, config.sessionSecret),
    totpKey: await loadTotpKey(database, config.secondFactorKey),
    limits: {
      // Per address: generous, since a ship's crew may share one satellite uplink.
      loginPerIp: fixedWindow(envNumber("LOGIN_LIMIT_PER_IP", 100), 10 * 60),
      // Per account: tight, since this is what stops password guessing.
      loginPerEmail: fixedWindow(envNumber("LOGIN_LIMIT_PER_EMAIL", 10), 15 * 60),
      // Reset mails: each one lands in somebody's inbox, so a few per address per hour is plenty.
      passwordForgotPerIp: fixedWindow(envNumber("PASSWORD_RESET_LIMIT_PER_IP", 30), 60 * 60),
      passwordForgotPerEmail: fixedWindow(envNumber("PASSWORD_RESET_LIMIT_PER_EMAIL", 5), 60 * 60),
      passwordResetPerIp: fixedWindow(envNumber("PASSWORD_RESET_LIMIT_PER_IP", 30), 60 * 60),
      // Contact messages land in the office's inbox; a real person sends a handful at most.
      contactPerIp: fixedWindow(envNumber("CONTACT_LIMIT_PER_IP", 10), 60 * 60),
      // Collection-site searches each call i3: plenty for a person typing ZIP codes, not for a scraper.
      collectionSitesPerIp: fixedWindow(envNumber("COLLECTION_SITES_LIMIT_PER_IP", 30), 60),
      // Second-factor codes and passkeys: like the password, per account tight (a 6-digit code has a million
      // values), per address generous (decision 0043).
      secondFactorPerIp: fixedWindow(envNumber("SECOND_FACTOR_LIMIT_PER_IP", 100), 10 * 60),
      secondFactorPerUser: fixedWindow(envNumber("SECOND_FACTOR_LIMIT_PER_USER", 10), 15 * 60),
      ...limits,
    },
    now,
    mailer: createMailer(config, database.db, now),
    captcha: createCaptcha(config),
    i3: createI3(config, database.db, now),
    letterKeys: await loadLetterKeys(database, config.locSigningKey),
    payments: overrides.payments ?? createPayments(config, database.db, now),
    storage: createStorage(database.db, config.storageDir, now),
    log: jsonLog,
    metrics: createMetrics(),
    sessionCache,
    authenticate,
    ...overrides,
  };
}
