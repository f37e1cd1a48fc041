/**
 * The release of a random pool and the DER's view of its own employees' selections (decision 0033, 46 CFR
 * 16.230(g), 49 CFR 40.321): refused before the orders and the PDFs, audited once, 409 for a second
 * administrator; before it no DER and no member sees a selection (their test lists included); after it each DER
 * sees its own company's employees only, with the order, where to go, by when, the outcome (never the panel)
 * and the notice PDF. Every role on every route.
 */
import { syncI3Results } from "../drug-tests/service.ts";
import { createTestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { RELEASE_MESSAGES } from "./release.ts";
import { DerSelectionPage, PoolAnswer } from "./schemas.ts";
import { coveredMember, inI3, poolHarness } from "./test-helpers.ts";

Deno.test("random pools: release and the DER's view", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const h = poolHarness(ctx);
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  const as = async (userId: number, method: string, path: string, body?: unknown) =>
    await ctx.app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${await ctx.tokenFor(userId)}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const selectionsOf = async (who: "der" | "otherDer" | "admin", business: number) => {
    const res = await ctx.request(who, "GET", `/api/auth/business/${business}/random-selections`);
    assertEquals(res.status, 200);
    return DerSelectionPage.parse(await res.json()).data;
  };
  const release = (who: "admin" | number, id: number) =>
    typeof who === "number"
      ? as(who, "POST", `/api/auth/randoms/${id}/release`, {})
      : ctx.request(who, "POST", `/api/auth/randoms/${id}/release`, {});
  const releases = async (id: number) =>
    (await db.selectFrom("audit_log").select("id").where("action", "=", "random_pool.release")
      .where("entity_id", "=", String(id)).execute()).length;

  try {
    await inI3(ctx, A);
    await inI3(ctx, B);
    // Company A: three employees covered through it, and one covered through it who is not its employee.
    // Company B: two employees. At 100 % in December every covered member is selected: the draw is known.
    const a: number[] = [];
    for (let i = 0; i < 3; i++) a.push((await coveredMember(db, i, A, {}, { employee: true })).userId);
    const stranger = (await coveredMember(db, 10, A)).userId;
    const b: number[] = [];
    for (let i = 20; i < 22; i++) b.push((await coveredMember(db, i, B, {}, { employee: true })).userId);
    await (await ctx.request("admin", "PUT", "/api/auth/random-rates/2030", { rate_percent: 100 })).body
      ?.cancel();
    const id = await h.drawn(2030, 12);
    const selected = (await h.candidates(id)).filter((c) => c.role === "selected");
    assertEquals(selected.length, 6, "every covered member at 100 % in December");
    const ofA = selected.find((c) => c.user_id === a[0])!;
    const ofB = selected.find((c) => c.user_id === b[0])!;

    await t.step("roles on every route (the company's DER and administrators only)", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/randoms/999999/release",
        body: () => ({}),
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, der: 403, admin: 404 },
      });
      for (const path of [`/api/auth/business/${A}/random-selections`]) {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path,
          // The company's employee is not its owner (403); another company's people do not see it (404).
          expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, der: 200, admin: 200 },
        });
      }
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${A}/random-selections/${ofA.id}/pdf`,
        // Not released yet: nobody gets the notice through the DER's route.
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, der: 404, admin: 404 },
      });
      const bad = await ctx.request("der", "GET", `/api/auth/business/${A}/random-selections?sort_by=name`);
      assertEquals(bad.status, 422);
      await bad.body?.cancel();
    });

    await t.step(
      "release is refused before the orders, and nobody but administrators sees a thing",
      async () => {
        const early = await release("admin", id);
        assertEquals(early.status, 409);
        assertEquals((await early.json()).error, RELEASE_MESSAGES.notOrdered);
        await h.ordered(id);
        // Ordered, the notices still being made (as the PDF job leaves it while it runs): nothing to hand out.
        await db.updateTable("random_pools").set({ pdf_status: "building" }).where("id", "=", id).execute();
        const noPdfs = await release("admin", id);
        assertEquals(noPdfs.status, 409);
        assertEquals((await noPdfs.json()).error, RELEASE_MESSAGES.pdfsNotReady);
        await db.updateTable("random_pools").set({ pdf_status: "ready" }).where("id", "=", id).execute();
        const p = await h.pool(id);
        assertEquals([p.status, p.pdf_download_status, p.released_at], ["built", "Ready", null]);
        assertEquals(await selectionsOf("der", A), []);
        assertEquals(await selectionsOf("admin", A), []);
        // The member's own list and the company's Business Tests leave the unreleased random test out.
        const own = await (await as(a[0], "GET", "/api/auth/account/tests")).json();
        assertEquals(own.data.length, 0, JSON.stringify(own.data));
        const company = await (await ctx.request("der", "GET", `/api/auth/business/${A}/tests`)).json();
        assertEquals(company.data.length, 0, JSON.stringify(company.data));
        // Administrators see it where they always did.
        const admin = await (await ctx.request("admin", "GET", `/api/auth/user/${a[0]}/tests`)).json();
        assertEquals(admin.data.map((x: { attributes: { reason: string } }) => x.attributes.reason), [
          "random",
        ]);
        const adminCompany = await (await ctx.request("admin", "GET", `/api/auth/business/${A}/tests`))
          .json();
        assertEquals(adminCompany.data.length, 3);
      },
    );

    await t.step(
      "an administrator releases it once; the same again changes nothing; another gets 409",
      async () => {
        const res = await release("admin", id);
        assertEquals(res.status, 200);
        const body = PoolAnswer.parse(await res.json());
        assertEquals(body.message, "Random pool released");
        assertOk(body.data.released_at !== null);
        assertEquals(body.data.released_by_user_id, ctx.users.admin.id);
        const again = await release("admin", id);
        assertEquals(again.status, 200);
        const second = PoolAnswer.parse(await again.json());
        assertEquals([second.message, second.data.released_at], [
          "The pool was already released",
          body.data.released_at,
        ]);
        assertEquals(await releases(id), 1, "audited once");
        const other = (await db.insertInto("users").values({
          email: "second.admin@test.local",
          password_hash: "x",
          first_name: "Sam",
          last_name: "Admin",
          is_admin: true,
        }).returning("id").executeTakeFirstOrThrow()).id;
        const late = await release(other, id);
        assertEquals(late.status, 409);
        assertEquals((await late.json()).error, RELEASE_MESSAGES.releasedByOther);
        assertEquals(await releases(id), 1);
      },
    );

    await t.step("the release e-mails each DER once: the count and a link, never a name", async () => {
      const mail = await db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"])
        .where("subject", "=", "Random selections released for your company").orderBy("id").execute();
      assertEquals(mail.map((m) => m.to_address).sort(), ["der@test.local", "other.der@test.local"]);
      const toA = mail.find((m) => m.to_address === "der@test.local")!;
      // Everyone drawn through A (its three employees and the member it pays for who is not its employee).
      assertOk(toA.text_body.includes("4 employees have been selected"), toA.text_body);
      assertOk(toA.text_body.includes(`/app/member/businesses/${A}?tab=random-selections`), toA.text_body);
      const names = await db.selectFrom("users").select(["first_name", "last_name"])
        .where("id", "in", selected.map((c) => c.user_id)).execute();
      for (const m of mail) {
        for (const n of names) {
          assertOk(!m.text_body.includes(`${n.first_name} ${n.last_name}`), `a name in ${m.text_body}`);
        }
      }
      const selectedMail = await db.selectFrom("email_outbox").select("id")
        .where("subject", "=", "You have been selected for a random drug test").execute();
      assertEquals(selectedMail.length, 0, "nobody here is their own employer");
    });

    await t.step(
      "each DER sees its own employees' selections only, with where to go and by when",
      async () => {
        const seenA = await selectionsOf("der", A);
        assertEquals(
          seenA.map((s) => s.user_id).sort(),
          [...a].sort(),
          "not the non-employee, not company B",
        );
        assertOk(!seenA.some((s) => s.user_id === stranger));
        for (const s of seenA) {
          assertEquals([s.year, s.month, s.pool_id, s.exempt, s.pdf_ready], [2030, 12, id, false, true]);
          assertEquals(s.test?.status, "ordered");
          assertOk(/^SIM-\d{8}$/.test(s.test!.i3_order_ref!), s.test!.i3_order_ref!);
          assertEquals(s.test?.collection_site, `SIM-LOC-${String(A).padStart(6, "0")}`);
          assertOk(s.test!.report_by! > s.test!.ordered_on!);
        }
        assertEquals((await selectionsOf("otherDer", B)).map((s) => s.user_id).sort(), [...b].sort());
        assertEquals((await selectionsOf("admin", A)).length, 3);
        // And now the member sees their own random test.
        const own = await (await as(a[0], "GET", "/api/auth/account/tests")).json();
        assertEquals(own.data.length, 1);
      },
    );

    await t.step("an employee who left after the selection stays in the record, marked as gone", async () => {
      assertOk((await selectionsOf("der", A)).every((s) => !s.left_company));
      await db.updateTable("business_users").set({ removed_at: new Date() })
        .where("user_id", "=", a[2]).where("business_id", "=", A).execute();
      try {
        const seen = await selectionsOf("der", A);
        assertEquals(seen.length, 3);
        assertEquals(seen.filter((s) => s.left_company).map((s) => s.user_id), [a[2]]);
      } finally {
        await db.updateTable("business_users").set({ removed_at: null })
          .where("user_id", "=", a[2]).where("business_id", "=", A).execute();
      }
    });

    await t.step("the notice PDF: the company's DER for its own employees only", async () => {
      const pdf = await ctx.request("der", "GET", `/api/auth/business/${A}/random-selections/${ofA.id}/pdf`);
      assertEquals(pdf.status, 200);
      assertEquals(pdf.headers.get("Content-Type"), "application/pdf");
      assertEquals(new TextDecoder().decode((await pdf.bytes()).slice(0, 5)), "%PDF-");
      const downloads = await db.selectFrom("audit_log").select("actor_user_id")
        .where("action", "=", "random_pool.download").execute();
      assertOk(downloads.some((d) => d.actor_user_id === ctx.users.der.id), "the DER's download is audited");
      // And recorded on the member, by the company (decision 0093).
      const look = await db.selectFrom("audit_log").select(["entity_id", "detail"])
        .where("action", "=", "member_record.notice_download").where("actor_user_id", "=", ctx.users.der.id)
        .executeTakeFirstOrThrow();
      assertEquals([look.entity_id, (look.detail as { by: string; business_id: number }).business_id], [
        String(ofA.user_id),
        A,
      ]);
      // Company B's candidate through company A's path, and through B's path by A's DER.
      for (
        const [who, path] of [
          ["der", `/api/auth/business/${A}/random-selections/${ofB.id}/pdf`],
          ["der", `/api/auth/business/${B}/random-selections/${ofB.id}/pdf`],
          ["otherDer", `/api/auth/business/${A}/random-selections/${ofA.id}/pdf`],
        ] as const
      ) {
        const res = await ctx.request(who, "GET", path);
        assertEquals(res.status, 404, `${who} ${path}`);
        await res.body?.cancel();
      }
      const employee = await ctx.request(
        "member",
        "GET",
        `/api/auth/business/${A}/random-selections/${ofA.id}/pdf`,
      );
      assertEquals(employee.status, 403);
      await employee.body?.cancel();
    });

    await t.step(
      "results and exemptions as the DER may see them (never the laboratory's panel)",
      async () => {
        const exempt = selected.find((c) => c.user_id === a[1])!;
        const ex = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${exempt.id}/exempt`,
          {
            reason: "At sea on a documented voyage",
          },
        );
        assertEquals(ex.status, 200);
        await ex.body?.cancel();
        await syncI3Results(ctx.deps);
        const res = await ctx.request("der", "GET", `/api/auth/business/${A}/random-selections`);
        const text = await res.text();
        assertOk(!/panel|analyte|specimen|exempt_reason|documented voyage/i.test(text), text);
        const seen = DerSelectionPage.parse(JSON.parse(text)).data;
        const tested = seen.find((s) => s.user_id === a[0])!;
        assertEquals([tested.test?.status, tested.test?.result, tested.test?.passed], [
          "resulted",
          "negative",
          true,
        ]);
        const exempted = seen.find((s) => s.user_id === a[1])!;
        assertEquals([exempted.exempt, exempted.test, exempted.pdf_ready], [true, null, false]);
        const none = await ctx.request(
          "der",
          "GET",
          `/api/auth/business/${A}/random-selections/${exempted.id}/pdf`,
        );
        assertEquals(none.status, 404);
        await none.body?.cancel();
      },
    );

    await t.step("another pool, ordered but not released, shows nothing to the DER", async () => {
      const next = await h.drawn(2031, 1);
      await h.ordered(next);
      assertEquals((await h.pool(next)).status, "built");
      const months = (await selectionsOf("der", A)).map((s) => `${s.year}-${s.month}`);
      assertEquals(new Set(months), new Set(["2030-12"]));
      const company = await (await ctx.request("der", "GET", `/api/auth/business/${A}/tests`)).json();
      assertEquals(company.data.length, 3, "the released pool's three tests, not the new one's");
    });
  } finally {
    await h.runner.stop();
    await ctx.close();
  }
});
