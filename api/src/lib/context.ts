/** The Hono environment every router shares: the caller (once `allow` has run) and the request id. */
import type { Context } from "hono";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Captcha } from "../integrations/captcha/captcha.ts";
import type { Mailer } from "../integrations/mail/mailer.ts";
import type { I3Client } from "../integrations/i3/i3.ts";
import type { LetterKeys } from "../compliance/signing.ts";
import type { Payments } from "../integrations/payments/payments.ts";
import type { LimitName, RateLimit } from "./rate-limit.ts";
import type { Log } from "./logging.ts";
import type { Metrics } from "./metrics.ts";
import type { SessionCache } from "./session-cache.ts";
import type { Storage } from "./storage.ts";

export interface SessionUser {
  user_id: number;
  session_id: string;
  is_admin: boolean;
  is_der: boolean;
  full_name: string;
  /** When this session's second factor was last verified (sign-in or step-up); null before (decision 0043). */
  second_factor_at: Date | null;
  /** Whether the user has enrolled a passkey or an authenticator app. */
  has_second_factor: boolean;
}

/** Who acts, as the services audit it: the signed-in user and the address the request came from. */
export type Actor = { user: SessionUser; ip: string | null };

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set once per request by the app, so routers can be plain module-level `new Hono()`s. */
    deps: Deps;
    /** Set by `allow()` on non-public routes; public routes never look the caller up. */
    user?: SessionUser;
  };
}

/** What the routers need from the outside world, built once at start (and per test file in tests). */
export interface Deps {
  config: Config;
  database: Database;
  sessionKey: CryptoKey;
  /** Seals authenticator-app secrets at rest (auth/second-factor/secret-box.ts), loaded once at start. */
  totpKey: CryptoKey;
  /** Each limit's numbers; the counters are shared in the database (lib/rate-limit.ts). */
  limits: Record<LimitName, RateLimit>;
  now: () => Date;
  mailer: Mailer;
  captcha: Captcha;
  i3: I3Client;
  /** Signs and verifies Letters of Compliance (loaded once at start). */
  letterKeys: LetterKeys;
  payments: Payments;
  /** Stored files (uploads, exports), streamed: PostgreSQL or STORAGE_DIR (lib/storage.ts). */
  storage: Storage;
  /** Structured log lines (lib/logging.ts); silent in tests unless a test listens. */
  log: Log;
  /** This process's request counters and latency histograms (lib/metrics.ts). */
  metrics: Metrics;
  /** Recent session checks, dropped at any change to their facts (lib/session-cache.ts, decision 0068). */
  sessionCache: SessionCache;
  /**
   * The caller named by the request's bearer token or session cookie, if that session is live: auth/sessions.ts's
   * `authenticate`, handed to `allow()` here so that lib/ imports no domain (decision 0083).
   */
  authenticate: (c: Context<AppEnv>) => Promise<{ user: SessionUser; viaCookie: boolean } | null>;
  /**
   * Tests only (testing/app.ts): every JSON success answer is parsed with its route's documented response
   * schema, and a mismatch fails the request. The web's types are read off those schemas (api/src/contract.ts),
   * so this is what keeps them true.
   */
  checkAnswers?: boolean;
}
