/**
 * The second factor in end-to-end runs (decision 0043). The seed enrols the demo administrator with an
 * authenticator app whose secret is documented (README, api/src/config.ts DEMO_ADMIN_TOTP_SECRET), so a spec
 * computes the current code as a phone would. Parallel workers sign in as that one administrator within the
 * same 30 seconds, so the e2e server runs with TOTP_ALLOW_CODE_REUSE=1 (production refuses it to start);
 * the API tests check that a code works once.
 */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { Buffer } from "node:buffer";
import { databaseUrl } from "./database.ts";
import { DEMO_ADMIN_TOTP_SECRET, totpCode } from "./totp.ts";

export { DEMO_ADMIN_TOTP_SECRET, totpCode };

/** Confirms a signed-in session's second factor with the demo administrator's authenticator app. */
export async function passSecondFactor(request: APIRequestContext, secret = DEMO_ADMIN_TOTP_SECRET) {
  const answer = await request.post("/api/auth/second-factor/verify", {
    data: { method: "totp", code: totpCode(secret) },
  });
  expect(answer.status(), `second factor: ${await answer.text()}`).toBe(200);
}

/** Signs in through the API and, when the account has or needs a second factor, completes it. */
export async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post("/api/login", { data: who });
  expect(login.status(), `log in as ${who.email}`).toBe(200);
  const { user } = await login.json() as { user: { second_factor: string } };
  if (user.second_factor === "verify") await passSecondFactor(request);
  if (user.second_factor === "enrol") await enrolAuthenticator(request);
}

/**
 * Sets up an authenticator app for a signed-in account without one (an administrator made by a spec): answers
 * its secret, so the spec can compute its codes later.
 */
export async function enrolAuthenticator(request: APIRequestContext): Promise<string> {
  const started = await request.post("/api/auth/second-factor/totp/secret");
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = await started.json() as { secret: string };
  const enrolled = await request.post("/api/auth/second-factor/totp", {
    data: { secret, code: totpCode(secret) },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  return secret;
}

/**
 * Makes the page's session one whose second factor was confirmed an hour ago, longer than the step-up time
 * (5 minutes): its next sensitive action asks for the second factor again. The session id is the JWT cookie's.
 */
export async function ageSecondFactor(page: Page): Promise<void> {
  const cookie = (await page.context().cookies()).find((c) => c.value.split(".").length === 3)!;
  const { sid } = JSON.parse(Buffer.from(cookie.value.split(".")[1], "base64url").toString()) as {
    sid: string;
  };
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    await sql`update sessions set second_factor_at = now() - interval '1 hour' where id = ${sid}`;
  } finally {
    await sql.end();
  }
}
