/**
 * The second factor (decision 0043), on an injected clock: the role matrix of every call; an administrator's
 * session reaches no administrator call until it enrols or verifies; a TOTP code and a recovery code work once;
 * the step-up before sensitive actions; the attempt limit; removal and the administrators' reset; the CLI reset.
 */
import { fixedWindow } from "../../lib/rate-limit.ts";
import { adminOnly, assertRoleAnswers } from "../../testing/roles.ts";
import { createTestContext, type TestContext } from "../../testing/app.ts";
import { assertEquals, assertMatch, assertOk } from "../../testing/assert.ts";
import { resetByEmail } from "./reset-cli.ts";
import { acceptedStep, totpCode } from "./totp.ts";
import { loadConfig, productionProblems } from "../../config.ts";
import { createApp } from "../../app.ts";

let clock = new Date("2026-11-26T10:00:00.000Z");
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

async function call(ctx: TestContext, token: string | null, method: string, path: string, body?: unknown) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const res = await ctx.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function auditActions(ctx: TestContext, userId: number): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom("audit_log").select("action")
    .where("entity", "=", "user").where("entity_id", "=", String(userId))
    .where("action", "like", "second_factor.%").orderBy("id").execute();
  return rows.map((r) => r.action);
}

Deno.test("second factor: enrol, verify, step-up, recovery codes, limits and resets", async (t) => {
  const ctx = await createTestContext({
    now: () => clock,
    limits: { secondFactorPerUser: fixedWindow(5, 15 * 60) },
  });
  const admin = ctx.users.admin.id;
  let secret = "";
  let recoveryCodes: string[] = [];
  try {
    await t.step("roles: every call of the caller's own second factor needs a signed-in user", async () => {
      const everyone = { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 };
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/second-factor", expect: everyone });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/totp/secret",
        expect: everyone,
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/passkey/options",
        expect: everyone,
      });
      const none = { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 404 };
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/verify/options",
        expect: none,
      });
      // Nothing enrolled yet: verification asks to enrol; a TOTP enrolment with a wrong code is refused.
      const enrolFirst = { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, admin: 403 };
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/verify",
        body: () => ({ method: "totp", code: "123456" }),
        expect: enrolFirst,
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/totp",
        body: () => ({ secret: "A".repeat(32), code: "000000" }),
        expect: { anonymous: 401, member: 422, otherMember: 422, otherDer: 422, admin: 422 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/second-factor/recovery-codes",
        expect: { anonymous: 401, member: 409, otherMember: 409, otherDer: 409, admin: 409 },
      });
      await assertRoleAnswers(ctx, {
        method: "DELETE",
        path: "/api/auth/second-factor/999",
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 404 },
      });
      await assertRoleAnswers(ctx, {
        method: "DELETE",
        path: `/api/auth/user/${ctx.users.otherMember.id}/second-factor`,
        expect: adminOnly(200),
      });
    });

    await t.step(
      "an administrator without a second factor reaches only the session and enrolment",
      async () => {
        const token = await ctx.tokenFor("admin", { secondFactor: false });
        const refused = await call(ctx, token, "GET", "/api/auth/users");
        assertEquals([refused.status, refused.body.code], [403, "SECOND_FACTOR_ENROLMENT_REQUIRED"]);
        // Not only administrator routes: any other call waits too.
        const own = await call(ctx, token, "GET", `/api/auth/user/${admin}`);
        assertEquals(own.body.code, "SECOND_FACTOR_ENROLMENT_REQUIRED");
        const session = await call(ctx, token, "GET", "/api/auth/session");
        assertEquals([session.status, session.body.second_factor], [200, "enrol"]);
        const status = await call(ctx, token, "GET", "/api/auth/second-factor");
        assertEquals([status.body.state, status.body.required, status.body.factors], ["enrol", true, []]);
      },
    );

    await t.step(
      "enrolling an authenticator app: a wrong code is refused, the right one enrols",
      async () => {
        const token = await ctx.tokenFor("admin", { secondFactor: false });
        const started = await call(ctx, token, "POST", "/api/auth/second-factor/totp/secret");
        secret = started.body.secret;
        assertMatch(secret, /^[A-Z2-7]{32}$/);
        assertMatch(started.body.uri, /^otpauth:\/\/totp\/APCA:admin%40test\.local\?/);
        const wrongCode = totpCode(secret, new Date(clock.getTime() + 5 * 60_000));
        const wrong = await call(ctx, token, "POST", "/api/auth/second-factor/totp", {
          secret,
          code: wrongCode,
        });
        assertEquals([wrong.status, wrong.body.code], [422, "SECOND_FACTOR_INVALID"]);
        const enrolled = await call(ctx, token, "POST", "/api/auth/second-factor/totp", {
          secret,
          code: totpCode(secret, clock),
          label: "Phone",
        });
        assertEquals(enrolled.status, 201);
        assertEquals([enrolled.body.data.kind, enrolled.body.data.label], ["totp", "Phone"]);
        recoveryCodes = enrolled.body.recovery_codes;
        assertEquals(recoveryCodes.length, 10);
        assertEquals(new Set(recoveryCodes).size, 10);
        // Enrolling proves the factor: this session may now act.
        assertEquals((await call(ctx, token, "GET", "/api/auth/users")).status, 200);
        // Stored hashed: no recovery code appears in the database.
        const stored = await ctx.database.db.selectFrom("user_recovery_codes").select("code_hash")
          .where("user_id", "=", admin).execute();
        assertEquals(stored.length, 10);
        assertOk(stored.every((r) => !recoveryCodes.some((code) => r.code_hash.includes(code))));
        // The role matrix's wrong code, this step's wrong code, then the enrolment.
        assertEquals(await auditActions(ctx, admin), [
          "second_factor.enrol_failed",
          "second_factor.enrol_failed",
          "second_factor.enrolled",
        ]);
      },
    );

    await t.step("a new sign-in must verify; a TOTP code works once", async () => {
      const token = await ctx.tokenFor("admin", { secondFactor: false });
      const refused = await call(ctx, token, "GET", "/api/auth/users");
      assertEquals([refused.status, refused.body.code], [403, "SECOND_FACTOR_REQUIRED"]);
      assertEquals((await call(ctx, token, "GET", "/api/auth/session")).body.second_factor, "verify");
      // The code that enrolled (same 30-second step) is spent.
      const replay = await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      assertEquals([replay.status, replay.body.code], [422, "SECOND_FACTOR_INVALID"]);
      advance(30);
      const ok = await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      assertEquals([ok.status, ok.body.verified_at], [200, clock.toISOString()]);
      assertEquals((await call(ctx, token, "GET", "/api/auth/users")).status, 200);
      assertEquals((await call(ctx, token, "GET", "/api/auth/session")).body.second_factor, "verified");
      const other = await ctx.tokenFor("admin", { secondFactor: false });
      const again = await call(ctx, other, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      assertEquals(again.status, 422);
    });

    await t.step("a recovery code works once", async () => {
      advance(60);
      const first = await ctx.tokenFor("admin", { secondFactor: false });
      const used = await call(ctx, first, "POST", "/api/auth/second-factor/verify", {
        method: "recovery",
        code: recoveryCodes[0].toUpperCase(),
      });
      assertEquals([used.status, used.body.recovery_codes_left], [200, 9]);
      assertEquals((await call(ctx, first, "GET", "/api/auth/users")).status, 200);
      const second = await ctx.tokenFor("admin", { secondFactor: false });
      const reused = await call(ctx, second, "POST", "/api/auth/second-factor/verify", {
        method: "recovery",
        code: recoveryCodes[0],
      });
      assertEquals([reused.status, reused.body.code], [422, "SECOND_FACTOR_INVALID"]);
      assertEquals((await call(ctx, second, "GET", "/api/auth/users")).status, 403);
      const actions = await auditActions(ctx, admin);
      assertOk(actions.includes("second_factor.recovery_code_used"));
      assertOk(actions.includes("second_factor.verify_failed"));
      assertOk(actions.includes("second_factor.verified"));
    });

    await t.step("sensitive actions ask again once the second factor is older than the setting", async () => {
      advance(60);
      const token = await ctx.tokenFor("admin", { secondFactor: false });
      await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "recovery",
        code: recoveryCodes[1],
      });
      const member = ctx.users.member.id;
      const sensitive: [string, string, unknown?][] = [
        ["PUT", `/api/auth/user/${member}/password`, { password: "a new password 123" }],
        ["PUT", `/api/auth/user/${member}/admin`, { data: { admin: false } }],
        ["DELETE", `/api/auth/user/${member}`],
        ["POST", "/api/auth/exports", { type: "users" }],
        ["DELETE", `/api/auth/user/${member}/second-factor`],
        // Issue 37: merging accounts and refunding a membership charge (decisions 0080, 0081).
        ["POST", `/api/auth/user/${member}/merge`, { close_user_id: ctx.users.otherMember.id }],
        ["POST", `/api/auth/user/${member}/membership/refund`, { amount_cents: 100 }],
      ];
      advance(ctx.deps.config.secondFactorStepUpSeconds + 1);
      for (const [method, path, body] of sensitive) {
        const res = await call(ctx, token, method, path, body);
        assertEquals([res.status, res.body.code], [403, "STEP_UP_REQUIRED"], `${method} ${path}`);
      }
      // Other administrator calls still answer.
      assertEquals((await call(ctx, token, "GET", "/api/auth/users")).status, 200);
      advance(30);
      await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      const set = await call(ctx, token, "PUT", `/api/auth/user/${member}/password`, {
        password: "a new password 123",
      });
      assertEquals(set.status, 200);
      advance(ctx.deps.config.secondFactorStepUpSeconds);
      // Exactly at the setting's age it still counts as recent.
      const reset = await call(ctx, token, "DELETE", `/api/auth/user/${member}/second-factor`);
      assertEquals(reset.status, 200);
    });

    await t.step("attempts are limited per account, with Retry-After, in the error model", async () => {
      advance(15 * 60);
      const token = await ctx.tokenFor("admin", { secondFactor: false });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 6; i++) {
        last = await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
          method: "totp",
          code: "000000",
        });
        statuses.push(last.status);
      }
      assertEquals(statuses, [422, 422, 422, 422, 422, 429]);
      assertEquals(last!.body.code, "RATE_LIMITED");
      assertOk(Number(last!.headers.get("Retry-After")) > 0);
      // Even the right code waits until the window ends.
      advance(30);
      const right = await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      assertEquals(right.status, 429);
      advance(15 * 60);
      const later = await call(ctx, token, "POST", "/api/auth/second-factor/verify", {
        method: "totp",
        code: totpCode(secret, clock),
      });
      assertEquals(later.status, 200);
    });

    await t.step("a member given admin rights enrols before any admin call answers", async () => {
      const memberSession = await ctx.tokenFor("otherMember", { secondFactor: false });
      assertEquals(
        (await call(ctx, memberSession, "GET", `/api/auth/user/${ctx.users.otherMember.id}`)).status,
        200,
      );
      advance(30);
      const adminToken = await ctx.tokenFor("admin");
      const granted = await call(ctx, adminToken, "PUT", `/api/auth/user/${ctx.users.otherMember.id}/admin`, {
        data: { admin: true },
      });
      assertEquals(granted.status, 200);
      const refused = await call(ctx, memberSession, "GET", "/api/auth/users");
      assertEquals([refused.status, refused.body.code], [403, "SECOND_FACTOR_ENROLMENT_REQUIRED"]);
      const own = await call(ctx, memberSession, "GET", `/api/auth/user/${ctx.users.otherMember.id}`);
      assertEquals(own.status, 403);
    });

    await t.step("optional for members: once enrolled, their sign-in asks for it", async () => {
      const token = await ctx.tokenFor("der", { secondFactor: false });
      assertEquals((await call(ctx, token, "GET", "/api/auth/session")).body.second_factor, "off");
      const derSecret = (await call(ctx, token, "POST", "/api/auth/second-factor/totp/secret")).body.secret;
      const enrolled = await call(ctx, token, "POST", "/api/auth/second-factor/totp", {
        secret: derSecret,
        code: totpCode(derSecret, clock),
      });
      assertEquals(enrolled.status, 201);
      const next = await ctx.tokenFor("der", { secondFactor: false });
      const refused = await call(ctx, next, "GET", `/api/auth/user/${ctx.users.der.id}`);
      assertEquals([refused.status, refused.body.code], [403, "SECOND_FACTOR_REQUIRED"]);
      // A second factor cannot be added by a session that has not confirmed the first.
      const sneak = await call(ctx, next, "POST", "/api/auth/second-factor/totp/secret");
      assertEquals([sneak.status, sneak.body.code], [403, "SECOND_FACTOR_REQUIRED"]);
      // The member removes it (a recent second factor), and sign-in no longer asks.
      const removed = await call(ctx, token, "DELETE", `/api/auth/second-factor/${enrolled.body.data.id}`);
      assertEquals(removed.status, 200);
      assertEquals((await call(ctx, next, "GET", `/api/auth/user/${ctx.users.der.id}`)).status, 200);
      const actions = await auditActions(ctx, ctx.users.der.id);
      assertEquals(actions, ["second_factor.enrolled", "second_factor.removed"]);
    });

    await t.step("an administrator keeps at least one factor", async () => {
      const token = await ctx.tokenFor("admin");
      const status = await call(ctx, token, "GET", "/api/auth/second-factor");
      assertEquals(status.body.factors.length, 1);
      const refused = await call(
        ctx,
        token,
        "DELETE",
        `/api/auth/second-factor/${status.body.factors[0].id}`,
      );
      assertEquals([refused.status, refused.body.code], [409, "CONFLICT"]);
    });

    await t.step(
      "passkeys: options carry a challenge; a response without one or a forged one is refused",
      async () => {
        const token = await ctx.tokenFor("admin");
        const noChallenge = await call(ctx, token, "POST", "/api/auth/second-factor/passkey", {
          response: { id: "x", rawId: "x", type: "public-key", response: {} },
        });
        assertEquals(noChallenge.status, 409);
        const options = await call(ctx, token, "POST", "/api/auth/second-factor/passkey/options");
        assertEquals(options.body.options.rp, { name: "APCA", id: "localhost" });
        assertMatch(options.body.options.challenge, /^[\w-]{20,}$/);
        const forged = await call(ctx, token, "POST", "/api/auth/second-factor/passkey", {
          response: {
            id: "x",
            rawId: "x",
            type: "public-key",
            response: { clientDataJSON: "e30", attestationObject: "" },
          },
        });
        assertEquals([forged.status, forged.body.code], [422, "SECOND_FACTOR_INVALID"]);
        // The challenge was used up by that attempt.
        const reuse = await call(ctx, token, "POST", "/api/auth/second-factor/passkey", {
          response: { id: "x", rawId: "x", type: "public-key", response: {} },
        });
        assertEquals(reuse.status, 409);
      },
    );

    await t.step("another administrator resets a user's factors: gone, sessions ended, audited", async () => {
      const token = await ctx.tokenFor("der", { secondFactor: false });
      const derSecret = (await call(ctx, token, "POST", "/api/auth/second-factor/totp/secret")).body.secret;
      await call(ctx, token, "POST", "/api/auth/second-factor/totp", {
        secret: derSecret,
        code: totpCode(derSecret, clock),
      });
      const adminToken = await ctx.tokenFor("admin");
      const self = await call(ctx, adminToken, "DELETE", `/api/auth/user/${admin}/second-factor`);
      assertEquals(self.status, 409);
      const reset = await call(ctx, adminToken, "DELETE", `/api/auth/user/${ctx.users.der.id}/second-factor`);
      assertEquals(reset.status, 200);
      assertEquals((await call(ctx, token, "GET", "/api/auth/session")).status, 401);
      const left = await ctx.database.db.selectFrom("user_second_factors").select("id")
        .where("user_id", "=", ctx.users.der.id).execute();
      assertEquals(left, []);
      assertOk((await auditActions(ctx, ctx.users.der.id)).includes("second_factor.reset_by_admin"));
    });

    await t.step("the last administrator's way back: the CLI reset", async () => {
      const token = await ctx.tokenFor("admin");
      assertEquals(await resetByEmail(ctx.database, "nobody@test.local", clock), null);
      assertEquals(await resetByEmail(ctx.database, "ADMIN@test.local", clock), 1);
      assertEquals((await call(ctx, token, "GET", "/api/auth/session")).status, 401);
      const next = await ctx.tokenFor("admin", { secondFactor: false });
      const refused = await call(ctx, next, "GET", "/api/auth/users");
      assertEquals(refused.body.code, "SECOND_FACTOR_ENROLMENT_REQUIRED");
      assertOk((await auditActions(ctx, admin)).includes("second_factor.reset_by_cli"));
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("production refuses to accept a TOTP code twice (TOTP_ALLOW_CODE_REUSE is for end-to-end runs)", () => {
  const ready = {
    ...loadConfig(),
    production: true,
    publicUrl: "https://portal.example.org",
    publicUrlFromRequest: false,
    officePhone: "(985) 876-5432",
    officeEmail: "office@portal.example.org",
    sellerAddress: "APCA Consortium; 100 Harbor Way; Houma, LA 70360",
  };
  assertEquals(productionProblems({ ...ready, totpAllowReuse: false }), []);
  const problems = productionProblems({ ...ready, totpAllowReuse: true });
  assertEquals(problems.length, 1);
  assertMatch(problems[0], /^TOTP_ALLOW_CODE_REUSE=1 is for end-to-end runs only/);
});

Deno.test("TOTP: a code of the step before or after is accepted, older ones and a spent step are not", () => {
  const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const at = new Date("2026-11-26T10:00:10.000Z");
  const step = Math.floor(at.getTime() / 30_000);
  const code = (offsetSteps: number) => totpCode(secret, new Date(at.getTime() + offsetSteps * 30_000));
  assertEquals(acceptedStep(secret, code(0), at, null, false), step);
  assertEquals(acceptedStep(secret, code(-1), at, null, false), step - 1);
  assertEquals(acceptedStep(secret, code(1), at, null, false), step + 1);
  assertEquals(acceptedStep(secret, code(-2), at, null, false), null);
  assertEquals(acceptedStep(secret, code(0), at, step, false), null);
  assertEquals(acceptedStep(secret, code(0), at, step, true), step);
  assertEquals(acceptedStep(secret, "12345", at, null, false), null);
});

Deno.test("attempts are limited per address too: accounts sharing one address share its count", async () => {
  const ctx = await createTestContext({
    now: () => clock,
    limits: { secondFactorPerIp: fixedWindow(3, 10 * 60), secondFactorPerUser: fixedWindow(100, 10 * 60) },
  });
  try {
    const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, trustProxy: true } });
    const enrol = async (who: "member" | "otherMember" | "der", address: string) => {
      const res = await app.request("/api/auth/second-factor/totp", {
        method: "POST",
        headers: {
          "Authorization": `Bearer ${await ctx.tokenFor(who)}`,
          "Content-Type": "application/json",
          "X-Forwarded-For": address,
        },
        body: JSON.stringify({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", code: "000000", label: "Phone" }),
      });
      const body = await res.json();
      return { status: res.status, code: body.code as string, retry: res.headers.get("Retry-After") };
    };
    // Three wrong codes from one address, by two accounts: each account is far below its own limit.
    assertEquals((await enrol("member", "203.0.113.7")).status, 422);
    assertEquals((await enrol("member", "203.0.113.7")).status, 422);
    assertEquals((await enrol("otherMember", "203.0.113.7")).status, 422);
    const fourth = await enrol("otherMember", "203.0.113.7");
    assertEquals([fourth.status, fourth.code], [429, "RATE_LIMITED"]);
    assertOk(Number(fourth.retry) > 0);
    assertEquals(
      (await enrol("der", "203.0.113.7")).status,
      429,
      "a third account on that address waits too",
    );
    assertEquals((await enrol("der", "198.51.100.9")).status, 422, "another address has its own count");
    advance(10 * 60);
    assertEquals((await enrol("member", "203.0.113.7")).status, 422, "the window ends");
  } finally {
    await ctx.close();
  }
});
