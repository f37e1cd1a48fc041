/**
 * Consent to release results (49 CFR 40.321; decision 0092), on an injected clock: another company's DER gets
 * 404 for every result and letter call about a member (the role matrix); with the member's consent it sees
 * exactly the consent's scope through the consent, and still 404 everywhere else; after the member revokes it,
 * or once it has passed its last day, 404 again. A consent given to a person by e-mail works the same. Every
 * view and download under a consent is an audit row with the member as subject.
 */
import { createTestContext, type Identity } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { testClock } from "../testing/clock.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { coveredMember, inI3, poolHarness } from "../randoms/test-helpers.ts";
import { CONSENT_AUDIT } from "./service.ts";
import { ConsentAnswer, ConsentResults } from "./schemas.ts";

Deno.test("consents: a member's results for another company only with consent, exactly its scope", async (t) => {
  const clock = testClock("2026-12-07T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  const M = ctx.users.member.id;
  const test = async (date: string, businessId: number | null, result: "negative" | "positive") => {
    const at = new Date(date);
    return (await db.insertInto("drug_tests").values({
      user_id: M,
      business_id: businessId,
      reason: "random",
      status: "resulted",
      result,
      ordered_at: at,
      collected_at: at,
      resulted_at: at,
      created_at: at,
    }).returning("id").executeTakeFirstOrThrow()).id;
  };
  const status = async (who: Identity, method: string, path: string, body?: unknown) => {
    const res = await ctx.request(who, method, path, body);
    await res.body?.cancel();
    return res.status;
  };
  try {
    // Mia works for company A, covered by its membership; B (Omar's company) has never employed her.
    await db.insertInto("memberships").values({
      user_id: M,
      business_id: A,
      type: "annual",
      price_cents: 10500,
      has_expiration: true,
      expire_at: "2099-12-31",
      starts_at: new Date("2020-01-01T00:00:00Z"),
    }).execute();
    // Office days in New York: 2025-12-07 00:30 UTC is still Dec 6 there (before the one-year range).
    const tooOld = await test("2025-12-07T00:30:00Z", A, "negative");
    const firstDay = await test("2025-12-07T05:30:00Z", A, "positive");
    const own = await test("2026-10-01T15:00:00Z", null, "negative");
    const doc = (await db.insertInto("documents").values({
      kind: "letter_of_compliance",
      user_id: M,
      filename: "letter-compliance.pdf",
      content_type: "application/pdf",
      bytes: new TextEncoder().encode("%PDF-mine"),
    }).returning("id").executeTakeFirstOrThrow()).id;
    const bu = (await db.selectFrom("business_users").select("id").where("user_id", "=", M)
      .where("business_id", "=", A).executeTakeFirstOrThrow()).id;

    // A released random pool: Mia's selection (company A's) and an independent mariner's notice.
    const h = poolHarness(ctx);
    await inI3(ctx, A);
    const { userId: independent } = await coveredMember(db, 1, 0, { business_id: null });
    const { id: own1 } = await db.insertInto("businesses").values({ name: "Mariner1", is_individual: true })
      .returning("id").executeTakeFirstOrThrow();
    await db.insertInto("business_users").values({
      business_id: own1,
      user_id: independent,
      is_owner: true,
      is_employee: true,
      is_primary: true,
    }).execute();
    await (await ctx.request("admin", "PUT", "/api/auth/random-rates/2032", { rate_percent: 100 })).body
      ?.cancel();
    const pool = await h.drawn(2032, 12);
    await h.ordered(pool);
    await (await ctx.request("admin", "POST", `/api/auth/randoms/${pool}/release`, {})).body?.cancel();
    const candidates = await h.candidates(pool);
    const miaSelection = candidates.find((c) => c.user_id === M)!.id;
    const notice = candidates.find((c) => c.user_id === independent)!.id;

    // Every result and letter call about Mia (and the independent's notice): [path, method, who may]. The
    // administrators' own routes (403 to every DER) are not in it.
    const calls: [string, string, Identity | number][] = [
      [`/api/auth/user/${M}/tests`, "GET", "member"],
      [`/api/auth/user/${M}`, "GET", "member"],
      [`/api/auth/business/${A}/tests`, "GET", "der"],
      [`/api/auth/business/${A}/tests?user_id=${M}`, "GET", "der"],
      [`/api/auth/business/${A}/compliance-overview`, "GET", "der"],
      [`/api/auth/business/${A}/compliance-overview.csv`, "GET", "der"],
      [`/api/auth/business/${A}/business-users/${bu}`, "GET", "der"],
      [`/api/auth/business/${A}/employee/${M}/compliance-letter`, "GET", "der"],
      [`/api/auth/business/${A}/employee/${M}/compliance-email`, "POST", "der"],
      [`/api/auth/business/${B}/employee/${M}/compliance-letter`, "GET", "otherDer"],
      [`/api/auth/business/${B}/employee/${M}/compliance-email`, "POST", "otherDer"],
      [`/api/auth/account/documents/${doc}`, "GET", "member"],
      [`/api/auth/business/${A}/random-selections`, "GET", "der"],
      [`/api/auth/business/${A}/random-selections/${miaSelection}/pdf`, "GET", "der"],
      [`/api/auth/business/${B}/random-selections/${miaSelection}/pdf`, "GET", "otherDer"],
      [`/api/auth/account/selection-notices/${notice}`, "GET", independent],
    ];
    // The administrators' letter routes refuse every DER by role (403, the same for any id): nothing is told.
    const adminOnly = [`/api/auth/user/${M}/compliance-letter`, `/api/auth/user/${M}/compliance-email`];
    const otherDerEverywhere404 = async () => {
      assertEquals(await status("otherDer", "GET", adminOnly[0]), 403);
      assertEquals(await status("otherDer", "POST", adminOnly[1]), 403);
      for (const [path, method] of calls) assertEquals(await status("otherDer", method, path), 404, path);
      // B's own tests list, filtered by Mia: B's list is B's, and holds nothing of hers.
      const own = await ctx.request("otherDer", "GET", `/api/auth/business/${B}/tests?user_id=${M}`);
      assertEquals([own.status, (await own.json()).data], [200, []]);
    };

    await t.step("each call is real: its owner gets it (B's own-company paths excepted)", async () => {
      assertEquals(await status("admin", "GET", adminOnly[0]), 200);
      for (const [path, method, owner] of calls) {
        if (owner === "otherDer") continue;
        const res = typeof owner === "number"
          ? await ctx.app.request(path, {
            method,
            headers: { Authorization: `Bearer ${await ctx.tokenFor(owner)}` },
          })
          : await ctx.request(owner, method, path);
        assertOk(res.status < 300, `${path} as its owner: ${res.status}`);
        await res.body?.cancel();
      }
    });

    await t.step("her own company's DER sees the tests taken under it, never her own", async () => {
      const ids = async () =>
        (await (await ctx.request("der", "GET", `/api/auth/business/${A}/tests?user_id=${M}`)).json()).data
          .map((r: { id: number }) => r.id);
      assertOk((await ids()).includes(firstDay) && !(await ids()).includes(own));
      const lastTest = async () => {
        const res = await ctx.request("der", "GET", `/api/auth/business/${A}/compliance-overview`);
        return (await res.json()).data.find((r: { attributes: { user_id: number } }) =>
          r.attributes.user_id === M
        )
          .attributes.last_test_at;
      };
      const before = await lastTest();
      // A newer result of her own (not A's program): A's overview still shows A's last test.
      const newer = await test("2026-12-07T16:00:00Z", null, "positive");
      assertEquals(await lastTest(), before);
      assertOk(before !== "2026-12-07T16:00:00.000Z");
      await db.deleteFrom("drug_tests").where("id", "=", newer).execute();
    });

    await t.step(
      "without consent, another company's DER gets 404 for every result and letter call",
      async () => {
        await otherDerEverywhere404();
      },
    );

    await t.step("the consent's own routes: the member's; anyone else 404", async () => {
      const res = await ctx.request("member", "POST", "/api/auth/account/consents", {
        recipient_email: "someone@else.test",
        expires_on: "2027-01-01",
        signature: "Mia Test",
        signed_on: "2026-12-07",
      });
      assertEquals(res.status, 201);
      const { id } = ConsentAnswer.parse(await res.json()).data;
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/consents/${id}/pdf`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
      });
      for (const who of ["member", "otherDer", "der", "admin"] as const) {
        assertEquals(await status(who, "GET", `/api/auth/consents/${id}/results`), 404, who);
      }
      assertEquals(await status("otherMember", "POST", `/api/auth/account/consents/${id}/revoke`), 404);
      assertEquals(await status("member", "POST", `/api/auth/account/consents/${id}/revoke`), 200);
    });

    await t.step(
      "the lists are each caller's own; companies found by name, never an individual business",
      async () => {
        for (const path of ["/api/auth/account/consents", "/api/auth/consents/received"]) {
          await assertRoleAnswers(ctx, {
            method: "GET",
            path,
            expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
          });
        }
        assertEquals(
          (await (await ctx.request("otherDer", "GET", "/api/auth/consents/received")).json()).data,
          [],
        );
        const found = await (await ctx.request("member", "GET", "/api/auth/consent-companies?q=compan"))
          .json();
        assertEquals(found.data.map((b: { id: number }) => b.id).sort(), [A, B].sort());
        const own = await (await ctx.request("member", "GET", "/api/auth/consent-companies?q=Mariner1"))
          .json();
        assertEquals(own.data, []);
        assertEquals(await status("member", "GET", "/api/auth/consent-companies?q=c"), 422);
      },
    );

    await t.step(
      "a consent is refused with the field named: dates, range, recipient, signature",
      async () => {
        const base = {
          recipient_business_id: B,
          results_from: "2025-12-07",
          results_to: "2026-12-07",
          expires_on: "2027-12-07",
          signature: "Mia Test",
          signed_on: "2026-12-07",
        };
        const refused = async (body: Record<string, unknown>, path: string) => {
          const res = await ctx.request("member", "POST", "/api/auth/account/consents", { ...base, ...body });
          assertEquals(res.status, 422, JSON.stringify(body));
          const answer = await res.json();
          assertEquals(answer.issues[0].path, path, JSON.stringify(answer));
        };
        await refused({ signed_on: "2026-12-06" }, "signed_on");
        await refused({ expires_on: "2026-12-06" }, "expires_on");
        await refused({ results_to: null }, "results_to");
        await refused({ results_from: "2026-12-08" }, "results_to");
        await refused({ recipient_email: "x@y.test" }, "recipient_email");
        await refused({ recipient_business_id: null }, "recipient_email");
        await refused(
          { recipient_business_id: null, recipient_email: "MEMBER@test.local" },
          "recipient_email",
        );
        await refused({ recipient_business_id: 999999 }, "recipient_business_id");
        await refused({ signature: " " }, "signature");
        assertEquals(await db.selectFrom("consents").select("id").execute().then((r) => r.length), 1);
      },
    );

    let consent = 0;
    await t.step("with consent for one year of results, B's DER sees exactly those, audited", async () => {
      const res = await ctx.request("member", "POST", "/api/auth/account/consents", {
        recipient_business_id: B,
        results_from: "2025-12-07",
        results_to: "2026-12-07",
        expires_on: "2027-12-07",
        signature: "Mia Test",
        signed_on: "2026-12-07",
      });
      assertEquals(res.status, 201);
      consent = ConsentAnswer.parse(await res.json()).data.id;
      const received = await (await ctx.request("otherDer", "GET", "/api/auth/consents/received")).json();
      assertEquals(received.data.map((c: { id: number }) => c.id), [consent]);
      assertEquals(received.data[0].scope, "Test results dated Dec 7, 2025 to Dec 7, 2026");
      const seen = await ctx.request("otherDer", "GET", `/api/auth/consents/${consent}/results`);
      assertEquals(seen.status, 200);
      const { results } = ConsentResults.parse(await seen.json()).data;
      assertEquals(results.map((r) => r.id), [own, firstDay]);
      assertOk(!results.some((r) => r.id === tooOld));
      const rows = await db.selectFrom("audit_log").selectAll().where(
        "action",
        "=",
        CONSENT_AUDIT.resultsViewed,
      )
        .execute();
      assertEquals(rows.length, 1);
      assertEquals([rows[0].actor_user_id, rows[0].entity, rows[0].entity_id], [
        ctx.users.otherDer.id,
        "user",
        String(M),
      ]);
      assertEquals(rows[0].detail, {
        consent_id: consent,
        recipient_business_id: B,
        recipient_email: null,
        results: 2,
      });
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${consent}/pdf`), 200);
      assertEquals(
        (await db.selectFrom("audit_log").select("entity_id").where(
          "action",
          "=",
          CONSENT_AUDIT.pdfDownloaded,
        )
          .execute()).map((r) => r.entity_id),
        [String(M)],
      );
      // Company A's DER and other members are not named: 404.
      for (const who of ["der", "otherMember", "admin"] as const) {
        assertEquals(await status(who, "GET", `/api/auth/consents/${consent}/results`), 404, who);
      }
    });

    await t.step("with consent, every other result and letter call still answers B's DER 404", async () => {
      await otherDerEverywhere404();
    });

    await t.step("after the member revokes it: 404, and the member's PDF says so", async () => {
      assertEquals(await status("member", "POST", `/api/auth/account/consents/${consent}/revoke`), 200);
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${consent}/results`), 404);
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${consent}/pdf`), 404);
      const received = await (await ctx.request("otherDer", "GET", "/api/auth/consents/received")).json();
      assertEquals(received.data, []);
      const mine = await (await ctx.request("member", "GET", "/api/auth/account/consents")).json();
      assertEquals(mine.data.find((c: { id: number }) => c.id === consent).status, "revoked");
      assertEquals(await status("member", "GET", `/api/auth/consents/${consent}/pdf`), 200);
      await otherDerEverywhere404();
    });

    await t.step("a consent to a person by e-mail runs through its last day, then 404", async () => {
      const res = await ctx.request("member", "POST", "/api/auth/account/consents", {
        recipient_email: " Other.Member@Test.local ",
        expires_on: "2026-12-31",
        signature: "Mia Test",
        signed_on: "2026-12-07",
      });
      assertEquals(res.status, 201);
      const id = ConsentAnswer.parse(await res.json()).data.id;
      // 23:59 in New York on its last day: still running; all results, whatever their date.
      clock.set("2027-01-01T04:59:00Z");
      const seen = await ctx.request("otherMember", "GET", `/api/auth/consents/${id}/results`);
      assertEquals(seen.status, 200);
      assertEquals(
        ConsentResults.parse(await seen.json()).data.results.map((r) => r.id),
        [own, firstDay, tooOld],
      );
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${id}/results`), 404);
      clock.set("2027-01-01T05:00:00Z");
      assertEquals(await status("otherMember", "GET", `/api/auth/consents/${id}/results`), 404);
      const mine = await (await ctx.request("member", "GET", "/api/auth/account/consents")).json();
      assertEquals(mine.data.find((c: { id: number }) => c.id === id).status, "expired");
      const actions = (await db.selectFrom("audit_log").select("action").where("entity", "=", "user")
        .where("entity_id", "=", String(M)).where("action", "like", "consent.%").execute()).map((r) =>
          r.action
        );
      assertEquals(actions.filter((a) => a === CONSENT_AUDIT.granted).length, 3);
      assertEquals(actions.filter((a) => a === CONSENT_AUDIT.revoked).length, 2);
      assertEquals(actions.filter((a) => a === CONSENT_AUDIT.resultsViewed).length, 2);
    });

    await t.step("a deleted member's consent releases nothing more", async () => {
      const res = await ctx.request("member", "POST", "/api/auth/account/consents", {
        recipient_business_id: B,
        expires_on: "2027-12-31",
        signature: "Mia Test",
        signed_on: "2027-01-01",
      });
      assertEquals(res.status, 201);
      const id = ConsentAnswer.parse(await res.json()).data.id;
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${id}/results`), 200);
      await db.updateTable("users").set({ deleted_at: clock.now() }).where("id", "=", M).execute();
      assertEquals(await status("otherDer", "GET", `/api/auth/consents/${id}/results`), 404);
    });
  } finally {
    await ctx.close();
  }
});
