import { createApp } from "../app.ts";
import { DEV_CAPTCHA_TOKEN } from "../integrations/captcha/development.ts";
import { recaptcha } from "../integrations/captcha/recaptcha.ts";
import { afterAnswerSettled } from "../lib/after-answer.ts";
import { fixedWindow } from "../lib/rate-limit.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext, type Identity, PASSWORD, type TestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { RESET_MESSAGES } from "./schemas.ts";
import { hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from "./service.ts";

const NEW_PASSWORD = "a brand new passphrase";
const invalidLink = {
  error: RESET_MESSAGES.invalidLink,
  code: "VALIDATION_FAILED",
  issues: [{ path: "token", message: RESET_MESSAGES.invalidLink }],
};

function helpers(ctx: TestContext, app = ctx.app) {
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };
  return {
    post,
    /** Asks for a link and waits for the work the answer does not wait for. */
    async forgot(email: string, captcha = DEV_CAPTCHA_TOKEN) {
      const answer = await post("/api/password/forgot", { email, recaptcha: captcha });
      await afterAnswerSettled();
      return answer;
    },
    reset: (token: string, password = NEW_PASSWORD, captcha = DEV_CAPTCHA_TOKEN) =>
      post("/api/password/reset", { token, password, confirm_password: password, recaptcha: captcha }),
    /** The token from the newest reset link mailed to `to`, read from the outbox like a person would. */
    async mailedToken(to: string): Promise<string> {
      const mail = await ctx.database.db.selectFrom("email_outbox").select([
        "text_body",
        "html_body",
        "subject",
      ])
        .where("to_address", "=", to).orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals(mail.subject, "Reset your APCA password");
      const link = new RegExp(`${ctx.deps.config.publicUrl}/reset-password/([A-Za-z0-9_-]{43})(?=\\s|$)`);
      const match = link.exec(mail.text_body);
      assertOk(match, `a reset link in: ${mail.text_body}`);
      assertOk(mail.html_body?.includes(match[0]), "the HTML part links to the same page");
      return match[1];
    },
    mailCount: async (to: string) =>
      (await ctx.database.db.selectFrom("email_outbox").select("id").where("to_address", "=", to).execute())
        .length,
    login: (email: string, password: string) => post("/api/login", { email, password }),
  };
}

Deno.test("password reset: link by mail, single use, expiry, sessions and validation", async (t) => {
  let clock = new Date();
  const generous = () => fixedWindow(10_000, 3600);
  const ctx = await createTestContext({
    now: () => clock,
    limits: {
      passwordForgotPerIp: generous(),
      passwordForgotPerEmail: generous(),
      passwordResetPerIp: generous(),
    },
  });
  const { forgot, reset, post, mailedToken, mailCount, login } = helpers(ctx);
  try {
    await t.step(
      "happy path: the mailed link sets a new password and ends every earlier session",
      async () => {
        const earlier = await ctx.tokenFor("member");
        const asked = await forgot("Member@Test.local");
        assertEquals(asked.status, 200);
        assertEquals(asked.body, { message: RESET_MESSAGES.requested });
        const token = await mailedToken("member@test.local");

        const [row] = await ctx.database.db.selectFrom("password_reset_tokens")
          .select(["token_hash", "expires_at", "used_at", "user_id"]).execute();
        assertEquals(row.token_hash, await hashResetToken(token), "only the hash is stored");
        assertOk(!row.token_hash.includes(token));
        assertEquals(row.user_id, ctx.users.member.id);
        assertEquals(new Date(row.expires_at).getTime(), clock.getTime() + RESET_TOKEN_TTL_MS);
        assertEquals(row.used_at, null);

        const done = await reset(token);
        assertEquals(done.status, 200);
        assertEquals(done.body, { message: "Successfully reset your password" });

        const session = await ctx.app.request("/api/auth/session", {
          headers: { Authorization: `Bearer ${earlier}` },
        });
        assertEquals(session.status, 401, "a session from before the reset has ended");
        await session.body?.cancel();
        assertEquals((await login("member@test.local", PASSWORD)).status, 401);
        assertEquals((await login("member@test.local", NEW_PASSWORD)).status, 200);
        const audits = await ctx.database.db.selectFrom("audit_log").select([
          "action",
          "actor_user_id",
          "entity_id",
        ])
          .where("action", "like", "password_reset%").orderBy("id").execute();
        assertEquals(audits, [
          {
            action: "password_reset_requested",
            actor_user_id: ctx.users.member.id,
            entity_id: String(ctx.users.member.id),
          },
          {
            action: "password_reset",
            actor_user_id: ctx.users.member.id,
            entity_id: String(ctx.users.member.id),
          },
        ]);
      },
    );

    await t.step("a link works once", async () => {
      await forgot("member@test.local");
      const token = await mailedToken("member@test.local");
      assertEquals((await reset(token, PASSWORD)).status, 200);
      const again = await reset(token, "yet another passphrase");
      assertEquals([again.status, again.body], [422, invalidLink]);
      assertEquals(
        (await login("member@test.local", PASSWORD)).status,
        200,
        "the second use changed nothing",
      );
    });

    await t.step("resetting ends the user's other outstanding links too", async () => {
      await forgot("der@test.local");
      const first = await mailedToken("der@test.local");
      await forgot("der@test.local");
      const second = await mailedToken("der@test.local");
      assertOk(first !== second);
      assertEquals((await reset(second, PASSWORD)).status, 200);
      assertEquals((await reset(first)).body, invalidLink);
    });

    await t.step("an unknown email answers exactly like a known one, and mails nothing", async () => {
      const tokensBefore =
        (await ctx.database.db.selectFrom("password_reset_tokens").select("id").execute()).length;
      const known = await forgot("other.der@test.local");
      const unknown = await forgot("nobody@test.local");
      assertEquals(unknown.status, known.status);
      assertEquals(unknown.body, known.body);
      assertEquals(await mailCount("nobody@test.local"), 0);
      assertEquals(await mailCount("other.der@test.local"), 1);
      const tokensAfter =
        (await ctx.database.db.selectFrom("password_reset_tokens").select("id").execute()).length;
      assertEquals(tokensAfter, tokensBefore + 1);
    });

    await t.step("a deleted account gets no link", async () => {
      await ctx.database.db.updateTable("users").set({ deleted_at: clock }).where(
        "id",
        "=",
        ctx.users.otherMember.id,
      )
        .execute();
      assertEquals((await forgot("other.member@test.local")).status, 200);
      assertEquals(await mailCount("other.member@test.local"), 0);
      await ctx.database.db.updateTable("users").set({ deleted_at: null }).where(
        "id",
        "=",
        ctx.users.otherMember.id,
      )
        .execute();
    });

    await t.step("a link expires after one hour", async () => {
      await forgot("admin@test.local");
      const fresh = await mailedToken("admin@test.local");
      clock = new Date(clock.getTime() + RESET_TOKEN_TTL_MS - 60_000);
      assertEquals((await reset(fresh, PASSWORD)).status, 200, "59 minutes later it still works");

      await forgot("admin@test.local");
      const stale = await mailedToken("admin@test.local");
      clock = new Date(clock.getTime() + RESET_TOKEN_TTL_MS + 1000);
      const late = await reset(stale);
      assertEquals([late.status, late.body], [422, invalidLink]);
      assertEquals((await login("admin@test.local", PASSWORD)).status, 200);
    });

    await t.step("an unknown token answers the same as a used or expired one", async () => {
      const unknown = await reset((await newResetToken()).token);
      assertEquals([unknown.status, unknown.body], [422, invalidLink]);
    });

    await t.step("two simultaneous uses of one link: exactly one succeeds", async () => {
      await forgot("other.der@test.local");
      const token = await mailedToken("other.der@test.local");
      const both = await Promise.all([
        reset(token, "first racer passphrase"),
        reset(token, "second racer passphrase"),
      ]);
      assertEquals(both.map((r) => r.status).sort(), [200, 422]);
      const loser = both.find((r) => r.status === 422)!;
      assertEquals(loser.body, invalidLink);
      const winner = both[0].status === 200 ? "first racer passphrase" : "second racer passphrase";
      assertEquals((await login("other.der@test.local", winner)).status, 200);
      const used = await ctx.database.db.selectFrom("password_reset_tokens").select("used_at")
        .where("token_hash", "=", await hashResetToken(token)).executeTakeFirstOrThrow();
      assertOk(used.used_at !== null);
    });

    await t.step("forgot password: the specification's validation texts", async () => {
      const empty = await post("/api/password/forgot", {});
      assertEquals(empty.status, 422);
      assertEquals(empty.body.code, "VALIDATION_FAILED");
      assertEquals(empty.body.issues, [
        { path: "email", message: "This field is required" },
        { path: "recaptcha", message: "Recaptcha is required" },
      ]);
      const blank = await post("/api/password/forgot", { email: " ", recaptcha: "" });
      assertEquals(blank.body.issues, [
        { path: "email", message: "This field is required" },
        { path: "recaptcha", message: "Recaptcha is required" },
      ]);
      const bad = await forgot("not-an-email");
      assertEquals(bad.body.issues, [{ path: "email", message: "Invalid Email" }]);
    });

    await t.step("reset password: the specification's validation texts", async () => {
      const empty = await post("/api/password/reset", {});
      assertEquals(empty.status, 422);
      assertEquals(empty.body.issues, [
        { path: "token", message: RESET_MESSAGES.invalidLink },
        { path: "password", message: "This field is required" },
        { path: "confirm_password", message: "This field is required" },
        { path: "recaptcha", message: "Recaptcha is required" },
      ]);
      const mismatch = await post("/api/password/reset", {
        token: "x",
        password: "one passphrase",
        confirm_password: "another passphrase",
      });
      assertEquals(mismatch.body.issues, [
        { path: "recaptcha", message: "Recaptcha is required" },
        { path: "confirm_password", message: "Passwords do not match" },
      ]);
      const onlyMismatch = await post("/api/password/reset", {
        token: "x",
        password: "one passphrase",
        confirm_password: "another passphrase",
        recaptcha: DEV_CAPTCHA_TOKEN,
      });
      assertEquals(onlyMismatch.body.error, "Passwords do not match");
    });

    await t.step("a failed captcha stops both forms before anything happens", async () => {
      const before = await mailCount("member@test.local");
      const asked = await forgot("member@test.local", "not-the-widget-token");
      assertEquals(asked.status, 422);
      assertEquals(asked.body.issues, [{
        path: "recaptcha",
        message: "Recaptcha verification failed. Please try again.",
      }]);
      assertEquals(await mailCount("member@test.local"), before);

      await forgot("member@test.local");
      const token = await mailedToken("member@test.local");
      const refused = await reset(token, NEW_PASSWORD, "not-the-widget-token");
      assertEquals(refused.status, 422);
      assertEquals(refused.body.issues[0].path, "recaptcha");
      assertEquals((await reset(token, PASSWORD)).status, 200, "the link was not used up by the refused try");
    });

    await t.step("roles: both routes are public and answer every caller alike", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/password/forgot",
        body: (who) => ({ email: `${who ?? "anonymous"}@nowhere.test`, recaptcha: DEV_CAPTCHA_TOKEN }),
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
      // Each caller gets a link of its own account (a reset ends the account's other links).
      const tokens = new Map<Identity | null, string>();
      const owners: [Identity | null, Identity][] = [
        [null, "member"],
        ["member", "otherMember"],
        ["otherMember", "der"],
        ["otherDer", "otherDer"],
        ["admin", "admin"],
      ];
      for (const [who, owner] of owners) {
        const { token, tokenHash } = await newResetToken();
        await ctx.database.db.insertInto("password_reset_tokens").values({
          user_id: ctx.users[owner].id,
          token_hash: tokenHash,
          created_at: clock,
          expires_at: new Date(clock.getTime() + RESET_TOKEN_TTL_MS),
        }).execute();
        tokens.set(who, token);
      }
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/password/reset",
        body: (who) => ({
          token: tokens.get(who),
          password: PASSWORD,
          confirm_password: PASSWORD,
          recaptcha: DEV_CAPTCHA_TOKEN,
        }),
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("password reset: reCAPTCHA answers and rate limits", async (t) => {
  const ctx = await createTestContext();
  // siteverify stand-in: "good" passes, "offline" cannot be checked, anything else has expired.
  const siteverify = ((_url: string, init?: RequestInit) => {
    const token = new URLSearchParams(init?.body as URLSearchParams).get("response");
    if (token === "offline") return Promise.reject(new TypeError("network unreachable"));
    const answer = token === "good"
      ? { success: true }
      : { success: false, "error-codes": ["timeout-or-duplicate"] };
    return Promise.resolve(new Response(JSON.stringify(answer)));
  }) as typeof fetch;
  // The same database and deps, with reCAPTCHA configured and small limits of its own.
  const appWith = (limits: Partial<typeof ctx.deps.limits> = {}) =>
    createApp({
      ...ctx.deps,
      captcha: recaptcha({ siteKey: "site", secretKey: "secret" }, siteverify),
      limits: { ...ctx.deps.limits, ...limits },
    });
  try {
    await t.step("reCAPTCHA's answers reach the form in the specification's words", async () => {
      const { forgot, reset } = helpers(ctx, appWith());
      const expired = await forgot("member@test.local", "old");
      assertEquals(expired.body.issues, [{ path: "recaptcha", message: "Recaptcha value expired" }]);
      const offline = await forgot("member@test.local", "offline");
      assertEquals(offline.body.issues, [{ path: "recaptcha", message: "Recaptcha network error" }]);
      const devToken = await forgot("member@test.local", DEV_CAPTCHA_TOKEN);
      assertEquals(devToken.status, 422, "the development token means nothing once keys are configured");
      const resetExpired = await reset("some-token", NEW_PASSWORD, "old");
      assertEquals(resetExpired.body.issues, [{ path: "recaptcha", message: "Recaptcha value expired" }]);
      assertEquals((await forgot("member@test.local", "good")).status, 200);
    });

    await t.step("forgot password is limited per e-mail and per address, with Retry-After", async () => {
      const { forgot } = helpers(
        ctx,
        appWith({ passwordForgotPerEmail: fixedWindow(2, 3600), passwordForgotPerIp: fixedWindow(4, 3600) }),
      );
      assertEquals((await forgot("der@test.local", "good")).status, 200);
      assertEquals((await forgot("DER@test.local", "good")).status, 200);
      const limited = await forgot("der@test.local", "good");
      assertEquals(limited.status, 429);
      assertEquals(limited.body.code, "RATE_LIMITED");
      assertOk(Number(limited.headers.get("Retry-After")) > 0);
      // An unknown address is limited the same way, so the limit reveals nothing either.
      assertEquals((await forgot("nobody@test.local", "good")).status, 200);
      const byAddress = await forgot("admin@test.local", "good");
      assertEquals(byAddress.status, 429, "fifth request from one address");
      assertEquals(await helpers(ctx).mailCount("der@test.local"), 2);
    });

    await t.step("reset password is limited per address", async () => {
      const { reset } = helpers(ctx, appWith({ passwordResetPerIp: fixedWindow(2, 3600) }));
      assertEquals((await reset("unknown-1", NEW_PASSWORD, "good")).status, 422);
      assertEquals((await reset("unknown-2", NEW_PASSWORD, "good")).status, 422);
      const limited = await reset("unknown-3", NEW_PASSWORD, "good");
      assertEquals([limited.status, limited.body.code], [429, "RATE_LIMITED"]);
      assertMatch(limited.headers.get("Retry-After") ?? "", /^\d+$/);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("password reset: the answer does not wait for the look-up, the token or the mail", async () => {
  const ctx = await createTestContext();
  const mailed: string[] = [];
  // A mailer that fails: if the handler waited for the work, the known address would answer 500.
  const app = createApp({
    ...ctx.deps,
    mailer: {
      ...ctx.deps.mailer,
      async send(message) {
        mailed.push(message.to);
        await Promise.resolve();
        throw new Error("smtp down");
      },
    },
  });
  const { post } = helpers(ctx, app);
  const logged: string[] = [];
  const { error } = console;
  console.error = (line: string) => logged.push(line);
  try {
    const known = await post("/api/password/forgot", {
      email: "member@test.local",
      recaptcha: DEV_CAPTCHA_TOKEN,
    });
    const unknown = await post("/api/password/forgot", {
      email: "nobody@test.local",
      recaptcha: DEV_CAPTCHA_TOKEN,
    });
    assertEquals([known.status, known.body], [200, { message: RESET_MESSAGES.requested }]);
    assertEquals([unknown.status, unknown.body], [known.status, known.body], "the same answer either way");
    assertEquals(
      [...known.headers.keys()].filter((h) => h !== "x-request-id"),
      [...unknown.headers.keys()].filter((h) => h !== "x-request-id"),
      "the same headers either way",
    );
    await afterAnswerSettled();
    assertEquals(
      mailed,
      ["member@test.local"],
      "the work went on after the answer, for the known address only",
    );
    assertOk(logged.some((l) => l.includes("password_reset_failed")), "a failure after the answer is logged");
  } finally {
    console.error = error;
    await afterAnswerSettled();
    await ctx.close();
  }
});
