/**
 * Issue 21: every covered member can be tested. A pool's draw that selects independents (their own
 * individual business, not set up in i3 yet), employees paying for themselves (tested through their primary
 * business, the company) and company-paid employees orders every one of them; a pool built before migration
 * 0027 (business 0 for the self-paying) is repaired by Order Tests again; what still blocks a candidate is
 * said per candidate with the action that fixes it; the zip holds exactly the notices of the selected, not
 * exempt candidates (exempting after the PDFs withdraws the notice, substituting makes the substitute's).
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { I3Simulator } from "../integrations/i3/simulator.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { BLOCKED_ACTIONS } from "./view.ts";
import { MESSAGES, runOrder } from "./service.ts";
import { snapshotOf } from "./queries.ts";
import { coveredMember, inI3, poolHarness } from "./test-helpers.ts";
import { noticeFilename } from "./pdfs.ts";

/** An independent member: their own individual business (owner, primary; not set up in i3) pays for them. */
async function independent(db: Kysely<DB>, i: number) {
  const { userId, membershipId } = await coveredMember(db, i, 0, { business_id: null });
  const { id: businessId } = await db.insertInto("businesses").values({
    name: `Mariner${i} Random`,
    is_individual: true,
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("business_users").values({
    business_id: businessId,
    user_id: userId,
    is_owner: true,
    is_employee: true,
    is_primary: true,
  }).execute();
  return { userId, membershipId, businessId };
}

/** An employee paying for their own membership: tested through their primary business, the company. */
async function selfPayingEmployee(db: Kysely<DB>, i: number, company: number) {
  const m = await coveredMember(db, i, company, { business_id: null });
  await db.insertInto("business_users").values({
    business_id: company,
    user_id: m.userId,
    is_employee: true,
    is_primary: true,
  }).execute();
  return m;
}

/** The file names inside a STORE zip, read from its central directory. */
function zipNames(zip: Uint8Array): string[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  assertEquals(view.getUint32(end, true), 0x06054b50, "end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    assertEquals(view.getUint32(at, true), 0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(zip.slice(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return names;
}

async function setRate(ctx: TestContext, year: number, rate: number) {
  const res = await ctx.request("admin", "PUT", `/api/auth/random-rates/${year}`, { rate_percent: rate });
  assertEquals(res.status, 200);
  await res.body?.cancel();
}

Deno.test("random pools: independents, self-paying and company-paid members are all ordered", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { runner, pool, candidates, verify, drawn, ordered } = poolHarness(ctx);
  const company = ctx.users.der.businessId;
  const i3 = ctx.deps.i3 as I3Simulator;
  try {
    await inI3(ctx, company);
    const independents = [await independent(db, 1), await independent(db, 2), await independent(db, 3)];
    const selfPaying = [
      await selfPayingEmployee(db, 11, company),
      await selfPayingEmployee(db, 12, company),
    ];
    const companyPaid = [
      await coveredMember(db, 21, company, {}, { employee: true }),
      await coveredMember(db, 22, company, {}, { employee: true }),
    ];
    const all = [...independents, ...selfPaying, ...companyPaid];
    const businessOf = new Map<number, number>([
      ...independents.map((m) => [m.userId, m.businessId] as [number, number]),
      ...[...selfPaying, ...companyPaid].map((m) => [m.userId, company] as [number, number]),
    ]);

    let first = 0;
    await t.step(
      "the snapshot records each member's business: the paying company, else their own",
      async () => {
        // A rate of 100 % in December selects everyone covered: every kind of member is drawn.
        await setRate(ctx, 2031, 100);
        first = await drawn(2031, 12);
        const { ids, businesses } = await snapshotOf(db, first);
        assertEquals(ids.length, all.length);
        for (const m of all) assertEquals(businesses[ids.indexOf(m.userId)], businessOf.get(m.userId));
        const snap = await db.selectFrom("random_snapshots").select("business_rule").where(
          "pool_id",
          "=",
          first,
        )
          .executeTakeFirstOrThrow();
        assertEquals(snap.business_rule, 2);
        const list = await candidates(first);
        assertEquals(list.filter((c) => c.role === "selected").length, all.length);
        assertOk(list.every((c) => c.test?.status === "pending" && c.blocked === null));
      },
    );

    await t.step(
      "Order Tests orders every one; the independents' own businesses are set up in i3",
      async () => {
        await ordered(first);
        const p = await pool(first);
        assertEquals([p.status, p.error, p.pdf_download_status], ["built", null, "Ready"]);
        const list = await candidates(first);
        assertEquals(
          list.map((c) => [c.user_id, c.test?.status, c.business_id, c.blocked]),
          list.map((c) => [c.user_id, "ordered", businessOf.get(c.user_id), null]),
        );
        const own = await db.selectFrom("businesses").select(["is_i3_setup"])
          .where("id", "in", independents.map((m) => m.businessId)).execute();
        assertOk(own.every((b) => b.is_i3_setup));
        const orders = await db.selectFrom("i3_sim_orders").select("client_ref").execute();
        assertEquals(orders.length, all.length, "one i3 order each");
        assertEquals(p.pdf_ready_candidate_total, all.length);
        assertEquals((await verify(first)).match, true);
      },
    );

    await t.step("the release e-mails each independent their selection, and the DER a count", async () => {
      // One mariner with a ZIP code in Houma: their mail names the nearest collection site's address.
      await db.updateTable("users").set({ postal_code: "70360" }).where("email", "=", "mariner1@test.local")
        .execute();
      const res = await ctx.request("admin", "POST", `/api/auth/randoms/${first}/release`, {});
      assertEquals(res.status, 200);
      await res.body?.cancel();
      const mail = await db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"])
        .orderBy("id").execute();
      const notices = mail.filter((m) => m.subject === "You have been selected for a random drug test");
      assertEquals(notices.map((m) => m.to_address).sort(), [
        "mariner1@test.local",
        "mariner2@test.local",
        "mariner3@test.local",
      ]);
      const tests = await db.selectFrom("random_candidates as c").innerJoin("users as u", "u.id", "c.user_id")
        .innerJoin("drug_tests as t", "t.id", "c.drug_test_id").select(["u.email", "t.i3_order_ref"])
        .where("c.pool_id", "=", first).execute();
      for (const n of notices) {
        const ref = tests.find((x) => x.email === n.to_address)!.i3_order_ref!;
        assertOk(n.text_body.includes(`i3 order reference: ${ref}`), n.text_body);
        // The day in the product's one style ("Dec 7, 2027"), and a site's address, not only a code (issue 37).
        assertOk(/no later than [A-Z][a-z]{2} \d{1,2}, \d{4}\./.test(n.text_body), n.text_body);
        assertOk(
          n.to_address === "mariner1@test.local"
            ? /Collection site: [^\n]+, [A-Z]{2} \d{5}/.test(n.text_body) &&
              n.text_body.includes("/collection-sites?zip=70360")
            : n.text_body.includes("Collection site: the nearest one on the collection-site finder"),
          n.text_body,
        );
        assertOk(n.text_body.includes("http://localhost:8000/app/account/selection-notice"), n.text_body);
      }
      const der = mail.filter((m) => m.subject === "Random selections released for your company");
      assertEquals(der.map((m) => m.to_address), ["der@test.local"]);
      assertOk(der[0].text_body.includes("4 employees have been selected"), der[0].text_body);
    });

    await t.step(
      "the zip and the Downloads tab hold the same set; exempt and substitute after the PDFs",
      async () => {
        // Half of the covered in December at 50 %: alternates are left for a substitution.
        await setRate(ctx, 2034, 50);
        const id = await drawn(2034, 12);
        await ordered(id);
        const readZip = async () => {
          const res = await ctx.request("admin", "GET", `/api/auth/randoms/${id}/zip`);
          assertEquals(res.status, 200);
          return zipNames(await res.bytes()).sort();
        };
        const expected = async () => {
          const list = await candidates(id);
          return list.filter((c) => c.role === "selected" && c.pdf_ready).map((c) => noticeFilename(id, c.id))
            .sort();
        };
        const selected = (await candidates(id)).filter((c) => c.role === "selected");
        assertOk(selected.length >= 3, `selected ${selected.length}`);
        assertEquals(await readZip(), await expected());
        assertEquals((await readZip()).length, selected.length);

        const [exempted, replaced] = selected;
        const ex = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${exempted.id}/exempt`,
          {
            reason: "At sea on a documented voyage",
          },
        );
        assertEquals(ex.status, 200);
        await ex.body?.cancel();
        let names = await readZip();
        assertOk(
          !names.includes(noticeFilename(id, exempted.id)),
          "the exempted candidate's notice is withdrawn",
        );
        assertEquals(names, await expected());
        const p = await pool(id);
        assertEquals(
          p.pdf_ready_candidate_total,
          names.length,
          "the Downloads tab counts what the zip holds",
        );
        const pdf = await ctx.request(
          "admin",
          "GET",
          `/api/auth/randoms/${id}/candidates/${exempted.id}/pdf`,
        );
        assertEquals(pdf.status, 404);
        await pdf.body?.cancel();

        const sub = await ctx.request(
          "admin",
          "POST",
          `/api/auth/randoms/${id}/candidates/${replaced.id}/substitute`,
          {
            reason: "Left the company after the snapshot",
          },
        );
        assertEquals(sub.status, 200);
        await sub.body?.cancel();
        await runner.tick();
        await runner.tick();
        const after = await candidates(id);
        const alternate = after.find((c) => c.replaces_candidate_id === replaced.id)!;
        assertEquals([alternate.role, alternate.test?.status, alternate.pdf_ready], [
          "selected",
          "ordered",
          true,
        ]);
        names = await readZip();
        assertOk(
          !names.includes(noticeFilename(id, replaced.id)),
          "the replaced candidate's notice is withdrawn",
        );
        assertOk(names.includes(noticeFilename(id, alternate.id)), "the substitute's notice is made");
        assertEquals(names, await expected());
        assertEquals(names.length, selected.length - 1);
        const q = await pool(id);
        assertEquals([q.pdf_download_status, q.pdf_ready_candidate_total], ["Ready", names.length]);
        assertEquals((await verify(id)).match, true);
      },
    );

    await t.step(
      "a pool built with business 0 for the self-paying (before 0027) is repaired by Order Tests",
      async () => {
        const late = await independent(db, 4);
        await setRate(ctx, 2032, 100);
        const id = await drawn(2032, 12);
        const fingerprint = (await pool(id)).snapshot_sha256;
        // What such a pool holds: the snapshot's business 0, no business on the candidate, a failed test row.
        const selfPayingIds = [...independents, ...selfPaying, late].map((m) => m.userId);
        const snap = await db.selectFrom("random_snapshots").select(["user_ids", "business_ids"])
          .where("pool_id", "=", id).executeTakeFirstOrThrow();
        await db.updateTable("random_snapshots").set({
          business_rule: 1,
          business_ids: snap.user_ids.map((
            u,
            i,
          ) => (selfPayingIds.includes(Number(u)) ? 0 : snap.business_ids[i])),
        }).where("pool_id", "=", id).execute();
        const old = (await candidates(id)).filter((c) => selfPayingIds.includes(c.user_id));
        for (const c of old) {
          await db.updateTable("random_candidates").set({ business_id: null }).where("id", "=", c.id)
            .execute();
          await db.updateTable("drug_tests").set({
            business_id: null,
            status: "failed",
            error: MESSAGES.noBusiness,
          }).where("id", "=", c.test!.id).execute();
        }
        const before = await candidates(id);
        assertEquals(before.filter((c) => c.blocked?.fix === "link_business").length, old.length);
        await ordered(id);
        const list = await candidates(id);
        assertEquals(list.filter((c) => c.test?.status === "ordered").length, all.length + 1);
        assertOk(list.every((c) => c.blocked === null && c.business_id !== null));
        assertEquals(list.find((c) => c.user_id === late.userId)!.business_id, late.businessId);
        const p = await pool(id);
        assertEquals([p.status, p.error, p.snapshot_sha256], ["built", null, fingerprint]);
        assertEquals((await verify(id)).match, true, "the snapshot's fingerprint is unchanged");
      },
    );

    await t.step(
      "what still blocks a candidate is its own reason, with the action that fixes it",
      async () => {
        const { id: unset } = await db.insertInto("businesses").values({ name: "Harbor Tugs" })
          .returning("id").executeTakeFirstOrThrow();
        const noBusiness = await coveredMember(db, 31, 0, { business_id: null });
        const unsetEmployee = await selfPayingEmployee(db, 32, unset);
        const refused = await independent(db, 33);
        await setRate(ctx, 2033, 100);
        const id = await drawn(2033, 12);
        // i3 refuses the set-up of the independent's business once: the job fails and the queue retries it.
        i3.control.failNext("setUpBusiness");
        await (await ctx.request("admin", "POST", `/api/auth/randoms/${id}/order`)).body?.cancel();
        let threw = false;
        await runOrder(ctx.deps, id).catch(() => (threw = true));
        assertOk(threw, "a set-up i3 refused fails the order job (the queue retries it)");
        let list = await candidates(id);
        const of = (userId: number) => list.find((c) => c.user_id === userId)!;
        assertEquals(of(noBusiness.userId).blocked, {
          reason: MESSAGES.noBusiness,
          action: BLOCKED_ACTIONS.link_business,
          fix: "link_business",
          business_id: null,
        });
        // A member whose company request waits for an administrator: the action says to approve it.
        await db.insertInto("new_business_requests").values({
          user_id: noBusiness.userId,
          is_company: true,
          business_name: "Bayou Crew Inc",
        }).execute();
        list = await candidates(id);
        assertEquals(of(noBusiness.userId).blocked?.action, BLOCKED_ACTIONS.approve_company);
        assertEquals(of(unsetEmployee.userId).blocked, {
          reason: "The business Harbor Tugs is not set up in i3.",
          action: "Resend to i3 on Harbor Tugs (its business page), then Order Tests again.",
          fix: "set_up_business",
          business_id: unset,
        });
        const own = of(refused.userId).blocked!;
        assertEquals([own.fix, own.business_id, own.action], [
          "set_up_business",
          refused.businessId,
          BLOCKED_ACTIONS.set_up_own,
        ]);
        assertOk(own.reason.startsWith("The member's own business could not be set up in i3: "), own.reason);
        assertOk((await pool(id)).error?.includes("Each candidate shows why"));

        // The queue's retry sets the independent's business up and orders; the two others still wait.
        await runner.tick();
        list = await candidates(id);
        assertEquals([of(refused.userId).test?.status, of(refused.userId).blocked], ["ordered", null]);
        const p = await pool(id);
        assertEquals(p.status, "built");
        assertEquals(p.error, MESSAGES.blocked(2));
        assertEquals(
          list.filter((c) => c.blocked !== null).map((c) => c.user_id).sort(),
          [
            noBusiness.userId,
            unsetEmployee.userId,
          ].sort(),
        );

        // The office does what the candidate says: Resend to i3 on the company, then Order Tests again.
        const resend = await ctx.request("admin", "POST", `/api/auth/business/${unset}/i3`);
        assertEquals(resend.status, 200);
        await resend.body?.cancel();
        await ordered(id);
        list = await candidates(id);
        assertEquals([of(unsetEmployee.userId).test?.status, of(unsetEmployee.userId).blocked], [
          "ordered",
          null,
        ]);
        assertEquals(of(noBusiness.userId).blocked?.fix, "link_business");
        assertEquals((await pool(id)).error, MESSAGES.blocked(1));

        // Released with the blocked candidate: it is not told to report (there is no order to report with)...
        const selectionMail = async (userId: number) => {
          const { email } = await db.selectFrom("users").select("email").where("id", "=", userId)
            .executeTakeFirstOrThrow();
          return (await db.selectFrom("email_outbox").select("text_body").where("to_address", "=", email)
            .where("subject", "=", "You have been selected for a random drug test").execute())
            .map((m) => m.text_body);
        };
        const released = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/release`, {});
        assertEquals(released.status, 200);
        await released.body?.cancel();
        assertEquals(await selectionMail(noBusiness.userId), []);
        assertEquals((await selectionMail(refused.userId)).length, 1, "the placed independent is told");

        // ...until the office links a business and orders again: then it is told, once, with its order.
        const { id: ownBusiness } = await db.insertInto("businesses").values({
          name: "Mariner31 Own",
          is_individual: true,
        })
          .returning("id").executeTakeFirstOrThrow();
        await db.insertInto("business_users").values({
          business_id: ownBusiness,
          user_id: noBusiness.userId,
          is_owner: true,
          is_employee: true,
          is_primary: true,
        }).execute();
        await ordered(id);
        list = await candidates(id);
        assertEquals([of(noBusiness.userId).test?.status, of(noBusiness.userId).blocked], ["ordered", null]);
        const told = await selectionMail(noBusiness.userId);
        assertEquals(told.length, 1);
        assertOk(told[0].includes(of(noBusiness.userId).test!.i3_order_ref!), told[0]);
        assertEquals((await selectionMail(refused.userId)).length, 1, "nobody is told twice");
      },
    );

    await t.step(
      "a pool released with a company's candidate blocked: its DER is told when the test is placed",
      async () => {
        const { id: derId } = await db.insertInto("users").values({
          email: "reef.der@test.local",
          password_hash: "x",
          first_name: "Rhea",
          last_name: "Reef",
        }).returning("id").executeTakeFirstOrThrow();
        const { id: reef } = await db.insertInto("businesses").values({
          name: "Reef Runners",
          der_user_id: derId,
        }).returning("id").executeTakeFirstOrThrow();
        const crew = await selfPayingEmployee(db, 40, reef);
        await setRate(ctx, 2035, 100);
        const id = await drawn(2035, 12);
        await ordered(id);
        const mine = async () => (await candidates(id)).find((c) => c.user_id === crew.userId)!;
        assertEquals((await mine()).blocked?.fix, "set_up_business", "Reef Runners is not set up in i3");
        const toReef = async () =>
          (await db.selectFrom("email_outbox").select("text_body").where(
            "to_address",
            "=",
            "reef.der@test.local",
          )
            .where("subject", "=", "Random selections released for your company").execute()).map((m) =>
              m.text_body
            );

        const released = await ctx.request("admin", "POST", `/api/auth/randoms/${id}/release`, {});
        assertEquals(released.status, 200);
        await released.body?.cancel();
        assertEquals(await toReef(), [], "no count for a selection nobody can report for yet");

        const resend = await ctx.request("admin", "POST", `/api/auth/business/${reef}/i3`);
        assertEquals(resend.status, 200);
        await resend.body?.cancel();
        await ordered(id);
        assertEquals([(await mine()).test?.status, (await mine()).blocked], ["ordered", null]);
        const told = await toReef();
        assertEquals(told.length, 1);
        assertOk(told[0].includes("1 employee has been selected"), told[0]);
      },
    );
  } finally {
    await runner.stop();
    await ctx.close();
  }
});
