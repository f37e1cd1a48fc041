/**
 * One app per test file on a fresh database, with the five identities every route is checked against:
 * company A (DER `der`, employee `member`) and company B (DER `otherDer`, employee `otherMember`), and an
 * administrator. Users are inserted directly (not through registration) and sessions are minted directly,
 * so each test pays for the behaviour it tests and nothing else.
 */
import { createApp } from "../app.ts";
import { hashPassword } from "../auth/passwords.ts";
import { signSessionToken } from "../auth/tokens.ts";
import { buildDeps, type DepsOverrides } from "../boot.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Deps } from "../lib/context.ts";
import { clockFromEnv } from "./clock.ts";
import { silentLog } from "../lib/logging.ts";
import { createTestDatabase } from "./db.ts";

export const PASSWORD = "correct horse battery staple";
let passwordHash: Promise<string> | undefined;

export type Identity = "member" | "otherMember" | "der" | "otherDer" | "admin";

export interface TestUser {
  id: number;
  email: string;
  businessId: number;
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** The test database's URL when it is on PostgreSQL (for a server process of its own). */
  databaseUrl?: string;
  deps: Deps;
  users: Record<Identity, TestUser>;
  /**
   * A fresh session token for the identity (each call is a separate session). The session has passed its
   * second factor now (by the injected clock), as after a complete sign-in, unless `secondFactor` is false.
   */
  tokenFor(who: Identity | number, options?: { secondFactor?: boolean }): Promise<string>;
  /** Sends a request as `who` (bearer token), or anonymously when `who` is null. */
  request(
    who: Identity | null,
    method: string,
    path: string,
    body?: unknown,
    headers?: HeadersInit,
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestContext(overrides: DepsOverrides = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = {
    ...loadConfig(),
    databaseUrl: undefined,
    sessionSecret: "test-secret-".padEnd(48, "x"),
    // Tests run against the built-in sandboxes, whatever the developer's environment configures.
    smtpUrl: undefined,
    recaptchaSiteKey: undefined,
    recaptchaSecretKey: undefined,
    i3: { simResultDelayMs: 0, simFail: "", simOutcomes: "negative", simSeed: "test" },
    locSigningKey: undefined,
    stripeSecretKey: undefined,
    stripePublishableKey: undefined,
    stripeWebhookSecret: undefined,
    sandboxPaymentsDelayMs: 0,
    // Links name one fixed address, whatever the request's origin (a test sets publicUrlFromRequest to see it).
    publicUrl: "http://localhost:8000",
    publicUrlFromRequest: false,
  };
  // Every answer a test receives is checked against its documented schema (route.ts describe); TEST_NOW sets
  // the clock (testing/clock.ts).
  const envClock = clockFromEnv();
  const deps = await buildDeps(config, database, {
    checkAnswers: true,
    log: silentLog,
    ...(envClock ? { now: envClock.now } : {}),
    ...overrides,
  });
  const app = createApp(deps);
  const { db } = database;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;

  const insertUser = async (
    email: string,
    first: string,
    flags: { is_admin?: boolean; is_der?: boolean } = {},
  ) =>
    (await db.insertInto("users").values({
      email,
      password_hash: hash,
      first_name: first,
      last_name: "Test",
      ...flags,
    })
      .returning("id").executeTakeFirstOrThrow()).id;
  const company = async (name: string, derId: number, memberId: number) => {
    const id = (await db.insertInto("businesses").values({ name, der_user_id: derId }).returning("id")
      .executeTakeFirstOrThrow()).id;
    await db.insertInto("business_users").values([
      { business_id: id, user_id: derId, is_owner: true, is_employee: false },
      { business_id: id, user_id: memberId, is_employee: true, is_primary: true },
    ]).execute();
    return id;
  };

  const ids = {
    member: await insertUser("member@test.local", "Mia"),
    otherMember: await insertUser("other.member@test.local", "Otto"),
    der: await insertUser("der@test.local", "Dora", { is_der: true }),
    otherDer: await insertUser("other.der@test.local", "Omar", { is_der: true }),
    admin: await insertUser("admin@test.local", "Ada", { is_admin: true }),
  };
  const companyA = await company("Company A", ids.der, ids.member);
  const companyB = await company("Company B", ids.otherDer, ids.otherMember);
  const emails = {
    member: "member@test.local",
    otherMember: "other.member@test.local",
    der: "der@test.local",
    otherDer: "other.der@test.local",
    admin: "admin@test.local",
  };
  const users = Object.fromEntries(
    (Object.keys(ids) as Identity[]).map((k) => [k, {
      id: ids[k],
      email: emails[k],
      businessId: k === "member" || k === "der" ? companyA : k === "admin" ? 0 : companyB,
    }]),
  ) as Record<Identity, TestUser>;

  async function tokenFor(who: Identity | number, { secondFactor = true } = {}) {
    const userId = typeof who === "number" ? who : users[who].id;
    const now = deps.now();
    const { id } = await db.insertInto("sessions")
      .values({
        user_id: userId,
        created_at: now,
        expires_at: new Date(now.getTime() + 86_400_000),
        second_factor_at: secondFactor ? now : null,
      })
      .returning("id").executeTakeFirstOrThrow();
    return await signSessionToken(deps.sessionKey, { userId, sessionId: id }, now);
  }

  async function request(
    who: Identity | null,
    method: string,
    path: string,
    body?: unknown,
    headers?: HeadersInit,
  ) {
    const h = new Headers(headers);
    if (who) h.set("Authorization", `Bearer ${await tokenFor(who)}`);
    if (body !== undefined && !h.has("Content-Type")) h.set("Content-Type", "application/json");
    return await app.request(path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  return {
    app,
    database,
    databaseUrl: database.url,
    deps,
    users,
    tokenFor,
    request,
    close: () => database.drop(),
  };
}
