import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext, PASSWORD } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { fixedWindow } from "../lib/rate-limit.ts";
import { signSessionToken } from "./tokens.ts";

const json = { "Content-Type": "application/json" };

Deno.test("sessions: login, session, logout", async (t) => {
  const ctx = await createTestContext();
  const login = (body: unknown, headers: HeadersInit = {}) =>
    ctx.app.request("/api/login", {
      method: "POST",
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });
  const cookieOf = (res: Response) => res.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  try {
    await t.step("a correct password answers a token, the user and an HttpOnly cookie", async () => {
      const res = await login({ email: "MEMBER@test.local", password: PASSWORD });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertMatch(body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assertEquals(body.user, {
        user_id: ctx.users.member.id,
        is_admin: false,
        is_der: false,
        full_name: "Mia Test",
        second_factor: "off",
      });
      const cookie = res.headers.get("Set-Cookie") ?? "";
      assertMatch(cookie, /^apca_session=[^;]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
      const session = await ctx.app.request("/api/auth/session", { headers: { Cookie: cookieOf(res) } });
      assertEquals(await session.json(), body.user);
    });

    await t.step("over https the cookie is __Host- prefixed and Secure", async () => {
      const res = await ctx.app.request("https://portal.example/api/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "member@test.local", password: PASSWORD }),
      });
      assertMatch(
        res.headers.get("Set-Cookie") ?? "",
        /^__Host-apca_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
    });

    await t.step("unknown email and wrong password answer identically", async () => {
      const unknown = await login({ email: "nobody@test.local", password: PASSWORD });
      const wrong = await login({ email: "member@test.local", password: "not the password" });
      assertEquals([unknown.status, wrong.status], [401, 401]);
      const [a, b] = [await unknown.json(), await wrong.json()];
      assertEquals(a, b);
      assertEquals(a, { error: "Invalid email or password.", code: "INVALID_CREDENTIALS" });
      assertEquals(unknown.headers.get("Set-Cookie"), null);
      const failures = await ctx.database.db.selectFrom("audit_log").select(["action", "actor_user_id"])
        .where("action", "=", "login_failed").execute();
      assertEquals(failures, [{ action: "login_failed", actor_user_id: null }, {
        action: "login_failed",
        actor_user_id: null,
      }]);
    });

    await t.step("validation uses the specification's texts", async () => {
      const res = await login({});
      assertEquals(res.status, 422);
      const body = await res.json();
      assertEquals(body.code, "VALIDATION_FAILED");
      assertEquals(body.issues, [
        { path: "email", message: "This field is required" },
        { path: "password", message: "This field is required" },
      ]);
      const invalid = await (await login({ email: "not-an-email", password: "x" })).json();
      assertEquals(invalid.issues, [{ path: "email", message: "Invalid Email" }]);
    });

    await t.step("logout makes the token unusable at once, by bearer and by cookie", async () => {
      const res = await login({ email: "der@test.local", password: PASSWORD });
      const { token } = await res.json();
      const cookie = cookieOf(res);
      const out = await ctx.app.request("/api/logout", { method: "POST", headers: { Cookie: cookie } });
      assertEquals(out.status, 204);
      assertMatch(out.headers.get("Set-Cookie") ?? "", /apca_session=; Max-Age=0/);
      const byBearer = await ctx.app.request("/api/auth/session", {
        headers: { Authorization: `Bearer ${token}` },
      });
      const byCookie = await ctx.app.request("/api/auth/session", { headers: { Cookie: cookie } });
      assertEquals([byBearer.status, byCookie.status], [401, 401]);
      assertEquals((await byBearer.json()).code, "UNAUTHENTICATED");
      await byCookie.body?.cancel();
    });

    await t.step("forged, expired and deleted-user tokens are refused", async () => {
      const good = await ctx.tokenFor("member");
      const [h, p] = good.split(".");
      const forged = `${h}.${p}.${"A".repeat(43)}`;
      const old = await signSessionToken(ctx.deps.sessionKey, {
        userId: ctx.users.member.id,
        sessionId: crypto.randomUUID(),
      }, new Date(Date.now() - 2 * 86_400_000));
      const ghost = await ctx.tokenFor("otherMember");
      await ctx.database.db.updateTable("users").set({ deleted_at: new Date() }).where(
        "id",
        "=",
        ctx.users.otherMember.id,
      ).execute();
      for (const token of [forged, old, ghost, "garbage"]) {
        const res = await ctx.app.request("/api/auth/session", {
          headers: { Authorization: `Bearer ${token}` },
        });
        assertEquals(res.status, 401, token);
        await res.body?.cancel();
      }
      await ctx.database.db.updateTable("users").set({ deleted_at: null }).where(
        "id",
        "=",
        ctx.users.otherMember.id,
      ).execute();
    });

    await t.step("a cross-site request with the cookie is refused; same-origin passes", async () => {
      const res = await login({ email: "admin@test.local", password: PASSWORD });
      const cookie = cookieOf(res);
      await res.body?.cancel();
      const cross = await ctx.app.request("http://localhost/api/logout", {
        method: "POST",
        headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
      });
      assertEquals(cross.status, 403);
      assertEquals((await cross.json()).code, "CROSS_SITE_REQUEST");
      const foreignOrigin = await ctx.app.request("http://localhost/api/logout", {
        method: "POST",
        headers: { Cookie: cookie, Origin: "https://evil.example", Host: "localhost" },
      });
      assertEquals(foreignOrigin.status, 403);
      await foreignOrigin.body?.cancel();
      const same = await ctx.app.request("http://localhost/api/logout", {
        method: "POST",
        headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Origin: "http://localhost" },
      });
      assertEquals(same.status, 204);
    });

    await t.step("roles: session and logout need a signed-in user", async () => {
      const expect = { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 };
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/session", expect });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/logout",
        expect: { ...expect, member: 204, otherMember: 204, otherDer: 204, admin: 204 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/login",
        body: () => ({ email: "member@test.local", password: PASSWORD }),
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("sessions: login is rate-limited per email and per address", async () => {
  const ctx = await createTestContext({
    limits: { loginPerEmail: fixedWindow(3, 900), loginPerIp: fixedWindow(5, 600) },
  });
  try {
    const attempt = async (email: string, password = "wrong") => {
      const res = await ctx.app.request("/api/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, password }),
      });
      const body = await res.json();
      return { status: res.status, code: body.code, retry: res.headers.get("Retry-After") };
    };
    for (let i = 0; i < 3; i++) assertEquals((await attempt("member@test.local")).status, 401);
    const limited = await attempt("member@test.local", PASSWORD);
    assertEquals(limited.status, 429, "even the right password waits once the account's limit is reached");
    assertEquals(limited.code, "RATE_LIMITED");
    assertOk(Number(limited.retry) > 0);
    // Other accounts from the same address still get through, until the address's own limit.
    assertEquals((await attempt("der@test.local", PASSWORD)).status, 200);
    assertEquals((await attempt("admin@test.local")).status, 429, "sixth attempt from one address");
  } finally {
    await ctx.close();
  }
});
