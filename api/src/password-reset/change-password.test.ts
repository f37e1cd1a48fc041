/**
 * Change password while signed in (issue 25 item 2, decision 0071): the current password is required (a wrong
 * one is a 422 in the error model, counted like a sign-in), the new one follows registration's rules, every
 * other session ends while the asking one stays, and the change is audited. Every signed-in user may change
 * their own password; anonymous is 401.
 */
import { fixedWindow } from "../lib/rate-limit.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type Identity, PASSWORD } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { PASSWORD_CHANGE_MESSAGES as C } from "./schemas.ts";

const NEW_PASSWORD = "a brand new passphrase";
const PATH = "/api/auth/account/password";
const body = (current_password: string, password = NEW_PASSWORD, confirm_password = password) => ({
  current_password,
  password,
  confirm_password,
});

const login = async (
  ctx: { app: { request: (p: string, i: RequestInit) => Response | Promise<Response> } },
  email: string,
  password: string,
) => {
  const res = await ctx.app.request("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.body?.cancel();
  return res.status;
};

const asToken = async (
  ctx: Awaited<ReturnType<typeof createTestContext>>,
  token: string,
  method: string,
  path: string,
  payload?: unknown,
) => {
  const res = await ctx.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
};

Deno.test("change password: current password, other sessions end, this one stays, audited", async (t) => {
  const generous = () => fixedWindow(10_000, 3600);
  const ctx = await createTestContext({ limits: { loginPerIp: generous(), loginPerEmail: generous() } });
  try {
    await t.step("roles: anonymous 401; every signed-in user changes only their own", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: PATH,
        body: (who: Identity | null) => body(PASSWORD, who ? `${NEW_PASSWORD} ${who}` : NEW_PASSWORD),
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
      for (const who of ["member", "otherMember", "der", "otherDer", "admin"] as const) {
        assertEquals(await login(ctx, ctx.users[who].email, `${NEW_PASSWORD} ${who}`), 200, who);
        assertEquals(await login(ctx, ctx.users[who].email, PASSWORD), 401, who);
      }
      // Back to the shared password for the steps below.
      for (const who of ["member", "otherMember", "der", "otherDer", "admin"] as const) {
        const token = await ctx.tokenFor(who);
        assertEquals(
          (await asToken(ctx, token, "POST", PATH, body(`${NEW_PASSWORD} ${who}`, PASSWORD))).status,
          200,
        );
      }
    });

    await t.step("a wrong current password is a 422 on current_password; nothing changes", async () => {
      const token = await ctx.tokenFor("member");
      const other = await ctx.tokenFor("member");
      const wrong = await asToken(ctx, token, "POST", PATH, body("not my password"));
      assertEquals(wrong.status, 422);
      assertEquals(wrong.body, {
        error: C.currentWrong,
        code: "VALIDATION_FAILED",
        issues: [{ path: "current_password", message: C.currentWrong }],
      });
      assertEquals(await login(ctx, "member@test.local", PASSWORD), 200);
      assertEquals((await asToken(ctx, other, "GET", "/api/auth/session")).status, 200, "sessions stay");
      const failed = await ctx.database.db.selectFrom("audit_log").select(["action", "actor_user_id"])
        .where("action", "=", "password_change_failed").execute();
      assertEquals(failed, [{ action: "password_change_failed", actor_user_id: ctx.users.member.id }]);
    });

    await t.step("registration's rules and messages for the new password", async () => {
      const token = await ctx.tokenFor("member");
      const short = await asToken(ctx, token, "POST", PATH, body(PASSWORD, "short"));
      assertEquals([short.status, short.body.issues], [422, [{ path: "password", message: C.tooShort }]]);
      const mismatch = await asToken(
        ctx,
        token,
        "POST",
        PATH,
        body(PASSWORD, NEW_PASSWORD, "something else"),
      );
      assertEquals(mismatch.body.issues, [{ path: "confirm_password", message: C.mismatch }]);
      const missing = await asToken(ctx, token, "POST", PATH, {});
      assertEquals(missing.status, 422);
      assertEquals(missing.body.issues.map((i: { path: string }) => i.path).sort(), [
        "confirm_password",
        "current_password",
        "password",
      ]);
      const same = await asToken(ctx, token, "POST", PATH, body(PASSWORD, PASSWORD));
      assertEquals(same.body.issues, [{ path: "password", message: C.sameAsCurrent }]);
    });

    await t.step("the other sessions end, the asking one stays, the change is audited", async () => {
      const asking = await ctx.tokenFor("member");
      const phone = await ctx.tokenFor("member");
      const otherUser = await ctx.tokenFor("otherMember");
      const done = await asToken(ctx, asking, "POST", PATH, body(PASSWORD));
      assertEquals([done.status, done.body], [200, { message: C.done }]);
      assertEquals(
        (await asToken(ctx, asking, "GET", "/api/auth/session")).status,
        200,
        "this session stays",
      );
      assertEquals((await asToken(ctx, phone, "GET", "/api/auth/session")).status, 401, "the other ended");
      assertEquals((await asToken(ctx, otherUser, "GET", "/api/auth/session")).status, 200, "not others'");
      assertEquals(await login(ctx, "member@test.local", PASSWORD), 401);
      assertEquals(await login(ctx, "member@test.local", NEW_PASSWORD), 200);
      const audits = await ctx.database.db.selectFrom("audit_log").select(["actor_user_id", "entity_id"])
        .where("action", "=", "password_change").where("actor_user_id", "=", ctx.users.member.id).execute();
      assertOk(audits.length >= 2);
      assertEquals(audits.at(-1), {
        actor_user_id: ctx.users.member.id,
        entity_id: String(ctx.users.member.id),
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("change password: wrong current passwords are limited like sign-in", async () => {
  const ctx = await createTestContext({
    limits: { loginPerIp: fixedWindow(1000, 3600), loginPerEmail: fixedWindow(3, 3600) },
  });
  try {
    const token = await ctx.tokenFor("member");
    for (let i = 0; i < 3; i++) {
      assertEquals((await asToken(ctx, token, "POST", PATH, body("guess " + i))).status, 422);
    }
    const limited = await asToken(ctx, token, "POST", PATH, body(PASSWORD));
    assertEquals(limited.status, 429);
    assertEquals(limited.body.code, "RATE_LIMITED");
    assertEquals(await login(ctx, "member@test.local", PASSWORD), 429, "the sign-in budget is the same");
  } finally {
    await ctx.close();
  }
});
