import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { REGISTRATION_MESSAGES as M } from "./schemas.ts";
import { derPayload, memberPayload, uniqueEmail } from "./test-payloads.ts";

const MEMBER = "/api/register/member/account";
const DER = "/api/register/der/account";

const issues = async (res: Response) =>
  Object.fromEntries(
    ((await res.json()).issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
  );

async function userByEmail(ctx: TestContext, email: string) {
  return await ctx.database.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

Deno.test("registration: member accounts", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    await t.step("self-employed: 201 with a working token; user, business, notification, audit", async () => {
      const payload = memberPayload({ business_name: "Pat's Charters" });
      const res = await ctx.request(null, "POST", MEMBER, payload);
      assertEquals(res.status, 201);
      const body = await res.json();
      assertMatch(res.headers.get("Set-Cookie") ?? "", /apca_session=/);
      assertEquals(body.user.is_admin, false);
      assertEquals(body.user.is_der, false);
      assertEquals(body.user.full_name, "Pat Mariner");
      const session = await requestAs(ctx, body.token, "GET", "/api/auth/session");
      assertEquals((await session.json()).user_id, body.user.user_id);

      const user = (await userByEmail(ctx, payload.email))!;
      assertEquals(user.ssn_last4, "1234");
      assertEquals(user.member_number, `M-${String(user.id).padStart(6, "0")}`);
      assertEquals(user.password_hash.startsWith("$argon2id$"), true);
      const business = await db.selectFrom("business_users as bu").innerJoin(
        "businesses as b",
        "b.id",
        "bu.business_id",
      )
        .selectAll("b").select(["bu.is_owner", "bu.is_primary"]).where("bu.user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      assertEquals(
        [business.name, business.is_individual, business.is_owner, business.is_primary],
        ["Pat's Charters", true, true, true],
      );
      const reg = await db.selectFrom("registration_notifications as r").innerJoin(
        "notifications as n",
        "n.id",
        "r.notification_id",
      )
        .selectAll("r").select(["n.type", "n.created_at"]).where("r.user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      assertEquals([reg.type, reg.kind, reg.business_id, reg.is_annual], [
        "REGISTRATION",
        "independent",
        business.id,
        null,
      ]);
      assertOk(reg.created_at instanceof Date && reg.business_approved_at instanceof Date);
      const audits = await db.selectFrom("audit_log").select("action").where("actor_user_id", "=", user.id)
        .execute();
      assertEquals(audits.map((a) => a.action), ["register"]);
    });

    await t.step("self-employed LLC: the business takes the LLC name", async () => {
      const payload = memberPayload({ is_llc: true, llc_name: "Mariner Holdings LLC" });
      assertEquals((await ctx.request(null, "POST", MEMBER, payload)).status, 201);
      const user = (await userByEmail(ctx, payload.email))!;
      const b = await db.selectFrom("businesses as b").innerJoin(
        "business_users as bu",
        "bu.business_id",
        "b.id",
      )
        .select(["b.name", "b.is_llc", "b.llc_name"]).where("bu.user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      assertEquals(b, { name: "Mariner Holdings LLC", is_llc: true, llc_name: "Mariner Holdings LLC" });
    });

    await t.step("self-employed without names: the business is the member's full name", async () => {
      const payload = memberPayload();
      await ctx.request(null, "POST", MEMBER, payload);
      const user = (await userByEmail(ctx, payload.email))!;
      const b = await db.selectFrom("businesses as b").innerJoin(
        "business_users as bu",
        "bu.business_id",
        "b.id",
      )
        .select("b.name").where("bu.user_id", "=", user.id).executeTakeFirstOrThrow();
      assertEquals(b.name, "Pat Mariner");
    });

    await t.step(
      "company member, licensed: a company request for approval; the SSN sent is ignored",
      async () => {
        const payload = memberPayload({
          is_licensed: true,
          uscg_cred: "MMC 1234567",
          ssn: "9876",
          is_company: true,
          company_name: "Company A",
          company_phone: "",
          company_state: "LA",
        });
        const res = await ctx.request(null, "POST", MEMBER, payload);
        assertEquals(res.status, 201);
        const user = (await userByEmail(ctx, payload.email))!;
        assertEquals([user.ssn_last4, user.uscg_cred], [null, "MMC 1234567"]);
        const request = await db.selectFrom("new_business_requests").selectAll().where(
          "user_id",
          "=",
          user.id,
        )
          .executeTakeFirstOrThrow();
        assertEquals(
          [
            request.is_company,
            request.business_name,
            request.business_state,
            request.status,
            request.business_id,
          ],
          [true, "Company A", "LA", "pending", null],
        );
        // "Company A" exists already (the test fixtures): the administrator is pointed at it.
        assertEquals(request.possible_duplicate_business_id, ctx.users.member.businessId);
        const kinds = await db.selectFrom("notifications").select("type").where("user_id", "=", user.id)
          .orderBy("id")
          .execute();
        assertEquals(kinds.map((k) => k.type), ["NEW_BUSINESS_REQUEST", "REGISTRATION"]);
        const reg = await db.selectFrom("registration_notifications").selectAll().where(
          "user_id",
          "=",
          user.id,
        )
          .executeTakeFirstOrThrow();
        assertEquals([reg.kind, reg.business_approved_at], ["company_employee", null]);
        const links = await db.selectFrom("business_users").select("id").where("user_id", "=", user.id)
          .execute();
        assertEquals(links.length, 0);
      },
    );

    await t.step("country defaults to the United States of America; opt-in defaults on", async () => {
      const { country: _c, opt_in_text: _o, ...payload } = memberPayload();
      assertEquals((await ctx.request(null, "POST", MEMBER, payload)).status, 201);
      const user = (await userByEmail(ctx, payload.email))!;
      assertEquals([user.country, user.opt_in], ["United States of America", true]);
    });

    await t.step("every §5 member message, on the field it belongs to", async () => {
      const res = await ctx.request(null, "POST", MEMBER, {});
      assertEquals(res.status, 422);
      assertEquals(await issues(res), {
        email: M.emailRequired,
        password: M.passwordRequired,
        recaptcha: M.recaptchaRequired,
        terms_and_conditions: M.termsRequired,
        first_name: M.firstNameRequired,
        last_name: M.lastNameRequired,
        phone: M.phoneRequired,
        address_one: M.addressOneRequired,
        city: M.cityRequired,
        state: M.stateRequired,
        postal_code: M.postalCodeRequired,
        is_licensed: M.licenseRequired,
        is_company: M.businessOptionRequired,
      });
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ email: "not-an-email" }, { email: M.emailInvalid }],
        [{ email: "  " }, { email: M.emailRequired }],
        [{ password: "short" }, { password: M.passwordTooShort }],
        [{ terms_and_conditions: false }, { terms_and_conditions: M.termsRequired }],
        [{ phone: "555-0100" }, { phone: M.phoneInvalid }],
        [{ postal_code: "70A12" }, { postal_code: M.postalCodeInvalid }],
        [{ country: "" }, { country: M.countryRequired }],
        [{ is_licensed: true, uscg_cred: "" }, { uscg_cred: M.uscgCredRequired }],
        [{ ssn: undefined }, { ssn: M.ssnRequired }],
        [{ ssn: "123456789" }, { ssn: M.ssnInvalid }],
        [{ ssn: "12a4" }, { ssn: M.ssnInvalid }],
        [{ is_company: true }, { company_name: M.companyNameRequired }],
        [{ is_company: true, company_name: "X", company_phone: "12" }, { company_phone: M.phoneInvalid }],
        [{ is_llc: true }, { llc_name: M.llcNameRequired }],
      ];
      for (const [change, expected] of cases) {
        const r = await ctx.request(null, "POST", MEMBER, memberPayload(change));
        assertEquals(r.status, 422, JSON.stringify(change));
        assertEquals(await issues(r), expected, JSON.stringify(change));
      }
    });

    await t.step("conditional rules are reported together with the field rules", async () => {
      const r = await ctx.request(null, "POST", MEMBER, memberPayload({ first_name: "", is_licensed: true }));
      assertEquals(await issues(r), { first_name: M.firstNameRequired, uscg_cred: M.uscgCredRequired });
    });

    await t.step(
      "the captcha is checked ('Recaptcha is required' and the adapter's own message)",
      async () => {
        const r = await ctx.request(null, "POST", MEMBER, memberPayload({ recaptcha: "forged" }));
        assertEquals(r.status, 422);
        assertEquals(await issues(r), { recaptcha: "Recaptcha verification failed. Please try again." });
      },
    );

    await t.step("roles: public (and a signed-in visitor may register a new account too)", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: MEMBER,
        body: () => memberPayload(),
        expect: { anonymous: 201, member: 201, otherMember: 201, otherDer: 201, admin: 201 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("registration: a taken e-mail is a 422 EMAIL_TAKEN, also when two registrations race", async (t) => {
  const ctx = await createTestContext();
  try {
    const taken = {
      error: M.emailTaken,
      code: "EMAIL_TAKEN",
      issues: [{ path: "email", message: M.emailTaken }],
    };
    await t.step("an existing account, whatever the case", async () => {
      const res = await ctx.request(null, "POST", MEMBER, memberPayload({ email: "MEMBER@test.local" }));
      assertEquals(res.status, 422);
      assertEquals(await res.json(), taken);
      const der = await ctx.request(null, "POST", DER, derPayload({ email: "member@test.local" }));
      assertEquals(await der.json(), taken);
    });

    await t.step("simultaneous registrations: one 201, one 422, one account", async () => {
      const email = uniqueEmail("race");
      const answers = await Promise.all([
        ctx.request(null, "POST", MEMBER, memberPayload({ email })),
        ctx.request(null, "POST", MEMBER, memberPayload({ email: email.toUpperCase() })),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      assertEquals(statuses, [201, 422]);
      const loser = answers.find((r) => r.status === 422)!;
      assertEquals(await loser.json(), taken);
      await answers.find((r) => r.status === 201)!.body?.cancel();
      const rows = await ctx.database.db.selectFrom("users").select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email)).execute();
      assertEquals(rows.length, 1);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("registration: the transaction writes everything or nothing", async () => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const count = async () => {
      const tables = [
        "users",
        "businesses",
        "business_users",
        "notifications",
        "new_business_requests",
        "audit_log",
      ];
      const out: Record<string, number> = {};
      for (const table of tables) {
        const [row] = await ctx.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
        out[table] = Number(row.n);
      }
      return out;
    };
    // A failure at the last write (the registration progress row) must undo the user, business and request.
    await ctx.database.query(`create function refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await ctx.database.query(
      "create trigger refuse before insert on registration_notifications for each row execute function refuse()",
    );
    const before = await count();
    const member = memberPayload({ is_company: true, company_name: "Doomed Co" });
    const res = await ctx.request(null, "POST", MEMBER, member);
    assertEquals(res.status, 500);
    const der = await ctx.request(null, "POST", DER, derPayload());
    assertEquals(der.status, 500);
    assertEquals(await count(), before);
    assertEquals(await userByEmail(ctx, member.email), undefined);
    await ctx.database.query("drop trigger refuse on registration_notifications");
    assertEquals((await ctx.request(null, "POST", MEMBER, member)).status, 201);
    const rows = await db.selectFrom("new_business_requests").select("business_name").execute();
    assertEquals(rows.map((r) => r.business_name), ["Doomed Co"]);
  } finally {
    await ctx.close();
  }
});

Deno.test("registration: DER accounts", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    await t.step("201: a DER with their company awaiting approval", async () => {
      const payload = derPayload();
      const res = await ctx.request(null, "POST", DER, payload);
      assertEquals(res.status, 201);
      const body = await res.json();
      assertEquals(body.user.is_der, true);
      assertEquals(body.user.full_name, "Dana Reed");
      const session = await (await requestAs(ctx, body.token, "GET", "/api/auth/session")).json();
      assertEquals(session.is_der, true);
      const userId = body.user.user_id;
      const company = await db.selectFrom("businesses").selectAll().where("der_user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals(
        [company.name, company.dba_name, company.tax_id, company.email, company.city, company.is_individual],
        ["Gulf Tugs LLC", "Gulf Tugs", "12-3456789", "office@gulftugs.example", "Houma", false],
      );
      const link = await db.selectFrom("business_users").selectAll().where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals([link.business_id, link.is_owner, link.is_employee], [company.id, true, false]);
      const request = await db.selectFrom("new_business_requests").selectAll().where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals([request.business_id, request.status, request.business_tax_id], [
        company.id,
        "pending",
        "12-3456789",
      ]);
      const reg = await db.selectFrom("registration_notifications").selectAll().where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals([reg.kind, reg.business_id, reg.business_approved_at], ["DER", company.id, null]);
      const audits = await db.selectFrom("audit_log").select("action").where("actor_user_id", "=", userId)
        .execute();
      assertEquals(audits.map((a) => a.action), ["register"]);
    });

    await t.step("every §5 DER message", async () => {
      const res = await ctx.request(null, "POST", DER, {});
      assertEquals(await issues(res), {
        email: M.emailRequired,
        password: M.passwordRequired,
        recaptcha: M.recaptchaRequired,
        terms_and_conditions: M.termsRequired,
        first_name: M.firstNameRequired,
        last_name: M.lastNameRequired,
        company_name: M.companyNameRequired,
        company_phone: M.companyPhoneRequired,
        company_tax_id: M.companyTaxIdRequired,
      });
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ company_phone: "12345" }, { company_phone: M.phoneInvalid }],
        [{ company_email: "nope" }, { company_email: M.emailInvalid }],
        [{ email: "a@b" }, { email: M.emailInvalid }],
      ];
      for (const [change, expected] of cases) {
        assertEquals(await issues(await ctx.request(null, "POST", DER, derPayload(change))), expected);
      }
      assertEquals((await ctx.request(null, "POST", DER, derPayload({ company_email: "" }))).status, 201);
    });

    await t.step("roles: public", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: DER,
        body: () => derPayload(),
        expect: { anonymous: 201, member: 201, otherMember: 201, otherDer: 201, admin: 201 },
      });
    });
  } finally {
    await ctx.close();
  }
});
