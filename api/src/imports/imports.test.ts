/**
 * Imports end to end through the API (decision 0084): roles, a legacy members file with bad rows of each kind,
 * the dry run's verdicts and the error file, the apply as a job, the same file again (0 changes), a rollback
 * and what blocks one, the claim e-mails, and the files that are not CSV.
 */
import { createTestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { APPLY_QUEUE, applyChunk } from "./jobs.ts";
import { apply, batch, drain, dryRun, rows, upload } from "./test-helpers.ts";
import { findBatch } from "./queries.ts";
import { NOT_CSV } from "./csv.ts";
import { SSN_CUT_WARNING } from "./fields.ts";

Deno.test("imports: members and companies from legacy files, dry run, apply, again, rollback", async (t) => {
  const clock = testClock("2026-12-07T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  try {
    await t.step("only administrators import; a member cannot", async () => {
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/imports", expect: adminOnly(200) });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/imports?kind=members&file_name=x.csv",
        body: () => "email,first_name,last_name\r\na@b.co,A,B\r\n",
        expect: adminOnly(201),
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/imports/export/members",
        expect: adminOnly(200),
      });
      for (const path of ["/api/auth/import/1", "/api/auth/import/1/rows", "/api/auth/import/1/errors"]) {
        await assertRoleAnswers(ctx, { method: "GET", path, expect: adminOnly(200) });
      }
      for (const path of ["/api/auth/import/1/rollback", "/api/auth/import/1/claim"]) {
        await assertRoleAnswers(ctx, { method: "POST", path, expect: adminOnly(409) });
      }
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/import/1/check",
        body: () => ({ mapping: { email: 0, first_name: 1, last_name: 2 } }),
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/import/1/apply",
        expect: adminOnly(409),
      });
    });

    await t.step("a file that is not a CSV is refused with 422, never 500", async () => {
      const refused: [Uint8Array | string, string][] = [
        [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2c, 0x00, 0x01, 0x2c, 0x02]), NOT_CSV],
        ["just one line of text\r\nand another\r\n", NOT_CSV],
        ["", "The file is empty."],
      ];
      for (const [bytes, message] of refused) {
        const res = await upload(ctx, "members", bytes);
        const body = await res.json();
        assertEquals([res.status, body.code, body.error], [422, "VALIDATION_FAILED", message]);
      }
      assertEquals((await upload(ctx, "nonsense", "a,b\r\n1,2\r\n")).status, 422);
    });

    await t.step("companies: a company with its new DER is created", async () => {
      const { id } = await dryRun(
        ctx,
        "companies",
        "ein,name,email,der_email,der_first_name,der_last_name\r\n" +
          "12-3456789,Gulf Coast Towing LLC,office@gct.example,dana@gct.example,Dana,Boudreaux\r\n" +
          "98-7654321,Bayou Ferries Inc,,,,\r\n" +
          "1234,Bad EIN Co,,,,\r\n",
      );
      const r = await rows(ctx, id);
      assertEquals(r.map((x) => x.outcome), ["create", "create", "error"]);
      assertOk(r[2].reason!.startsWith("ein:"));
      const done = await apply(ctx, id);
      assertEquals([done.status, done.created, done.errors], ["applied", 2, 1]);
      const company = await db.selectFrom("businesses").select(["id", "der_user_id"]).where(
        "tax_id",
        "=",
        "12-3456789",
      ).executeTakeFirstOrThrow();
      const der = await db.selectFrom("users").select(["email", "is_der"]).where(
        "id",
        "=",
        company.der_user_id!,
      )
        .executeTakeFirstOrThrow();
      assertEquals(der, { email: "dana@gct.example", is_der: true });
    });

    // A legacy export: `;` separators, Windows-1252, its own column names and order, US dates elsewhere.
    const legacy = [
      "Member No;Surname;First Name;E-mail Address;SSN;Employer;Notes",
      'L-1;Müller;Zoë;zoe@example.com;123-45-6789;12-3456789;"two\nlines"',
      "L-2;Smith;Al;al@example.com;;;",
      "L-3;NoMail;Nina;;;;",
      "L-2;Dup;Dan;dan@example.com;;;",
      "L-5;Who;Wanda;wanda@example.com;;55-5555555;",
      "L-6;Bad;Bea;not-an-email;;;",
    ].join("\r\n") + "\r\n";
    const cp1252 = new Uint8Array(
      [...legacy].map((ch) => ch === "ü" ? 0xfc : ch === "ë" ? 0xeb : ch.charCodeAt(0)),
    );
    const mapping = {
      member_number: 0,
      last_name: 1,
      first_name: 2,
      email: 3,
      ssn_last4: 4,
      employer_ein: 5,
    };
    let membersBatch = 0;

    await t.step("members: the dry run names every bad row and changes nothing", async () => {
      const before = await db.selectFrom("users").select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      const { id, upload: up } = await dryRun(ctx, "members", cp1252, { mapping });
      membersBatch = id;
      assertEquals(up.data.attributes.encoding, "windows-1252");
      assertEquals(up.data.attributes.separator, ";");
      assertEquals(up.suggested_mapping, mapping, "suggested from the legacy header");
      const r = await rows(ctx, id);
      assertEquals(r.map((x) => [x.row_number, x.outcome]), [
        [2, "create"],
        [3, "create"],
        [4, "error"],
        [5, "error"],
        [6, "error"],
        [7, "error"],
      ]);
      assertEquals(r[0].cells[1], "Müller", "Windows-1252 read right");
      assertEquals(r[0].cells[6], "two\nlines", "a quoted line break stays in its field");
      assertEquals(r[0].cells[4], "6789", "the full SSN is never staged");
      assertEquals(r[0].warnings, [SSN_CUT_WARNING]);
      assertOk(r[2].reason!.startsWith("email:"), r[2].reason!);
      assertEquals(r[3].reason, "member_number: L-2 appears twice in this file (row 3)");
      assertEquals(r[4].reason, "employer_ein: no company with EIN 55-5555555");
      assertOk(r[5].reason!.startsWith("email:"), r[5].reason!);
      const after = await db.selectFrom("users").select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      assertEquals(after.n, before.n, "the dry run wrote no user");

      const errors = await ctx.request("admin", "GET", `/api/auth/import/${id}/errors`);
      assertEquals(errors.status, 200);
      const text = await errors.text();
      assertOk(text.includes("row,reason,Member No,Surname"));
      assertOk(text.includes("5,member_number: L-2 appears twice in this file (row 3),L-2,Dup,Dan"));
    });

    await t.step("apply: members created with their employer, no e-mail, SSN last four", async () => {
      const outboxBefore = await db.selectFrom("email_outbox").select((eb) =>
        eb.fn.countAll<string>().as("n")
      )
        .executeTakeFirstOrThrow();
      const done = await apply(ctx, membersBatch);
      assertEquals([done.status, done.created, done.errors, done.rows_done], ["applied", 2, 4, 6]);
      const zoe = await db.selectFrom("users").select(["id", "ssn_last4", "last_name", "member_number"])
        .where("email", "=", "zoe@example.com").executeTakeFirstOrThrow();
      assertEquals([zoe.ssn_last4, zoe.last_name, zoe.member_number], ["6789", "Müller", "L-1"]);
      const link = await db.selectFrom("business_users").innerJoin(
        "businesses",
        "businesses.id",
        "business_id",
      )
        .select("businesses.tax_id").where("user_id", "=", zoe.id).executeTakeFirstOrThrow();
      assertEquals(link.tax_id, "12-3456789");
      const outboxAfter = await db.selectFrom("email_outbox").select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      assertEquals(outboxAfter.n, outboxBefore.n, "imported people get no e-mail");
      const audit = await db.selectFrom("audit_log").select("action").where("entity", "=", "import")
        .where("entity_id", "=", String(membersBatch)).execute();
      assertEquals(
        audit.map((a) => a.action).sort(),
        ["import.applied", "import.apply", "import.check", "import.errors_download", "import.upload"].sort(),
      );
    });

    await t.step("the same file again: 0 changes; a corrected file changes only what changed", async () => {
      const again = await dryRun(ctx, "members", cp1252, { mapping });
      const a = await batch(ctx, again.id);
      assertEquals([a.created, a.updated, a.unchanged], [0, 0, 2]);
      const done = await apply(ctx, again.id);
      assertEquals([done.created, done.updated, done.unchanged], [0, 0, 2]);
      assertEquals(again.upload.mapping_saved, true, "the mapping was saved for this header");
    });

    await t.step("rollback is blocked by a later change, and works while nothing changed", async () => {
      const fix = await dryRun(ctx, "members", "email,first_name,last_name\r\nal@example.com,Alan,Smith\r\n");
      const done = await apply(ctx, fix.id);
      assertEquals(done.updated, 1);
      // The first batch's Al was changed by the later batch: its rollback is blocked, naming the row.
      const blocked = await ctx.request("admin", "POST", `/api/auth/import/${membersBatch}/rollback`);
      assertEquals(blocked.status, 409);
      const body = await blocked.json();
      assertOk(JSON.stringify(body).includes("row 3"), JSON.stringify(body));
      // The later batch rolls back: Al's first name is Al again.
      const back = await ctx.request("admin", "POST", `/api/auth/import/${fix.id}/rollback`);
      assertEquals(back.status, 200, await back.clone().text());
      const al = await db.selectFrom("users").select("first_name").where("email", "=", "al@example.com")
        .executeTakeFirstOrThrow();
      assertEquals(al.first_name, "Al");
    });

    await t.step("claim e-mails go once, from a job, through the reset path", async () => {
      const first = await ctx.request("admin", "POST", `/api/auth/import/${membersBatch}/claim`);
      assertEquals(first.status, 200);
      const queued = await first.json();
      assertEquals(queued.message, "2 claim e-mails being sent");
      assertEquals([queued.data.attributes.claim_sent_count, queued.data.attributes.claim_total], [0, 2]);
      const running = await ctx.request("admin", "POST", `/api/auth/import/${membersBatch}/claim`);
      assertEquals([running.status, (await running.json()).error], [
        409,
        "Claim e-mails for this batch are still being sent.",
      ]);
      const emails = ["zoe@example.com", "al@example.com"];
      const tokens = () =>
        db.selectFrom("password_reset_tokens").innerJoin("users", "users.id", "user_id").select("users.email")
          .where("users.email", "in", emails).execute();
      assertEquals((await tokens()).length, 0, "nothing is sent in the request");
      await drain(ctx);
      const b = await batch(ctx, membersBatch);
      assertEquals([b.claim_sent_count, b.claim_total], [2, 2]);
      assertEquals((await tokens()).length, 2);
      const second = await ctx.request("admin", "POST", `/api/auth/import/${membersBatch}/claim`);
      assertEquals((await second.json()).message, "Nobody is left to send a claim e-mail to");
      await drain(ctx);
      assertEquals((await tokens()).length, 2, "a second press sends nobody again");
      const audit = await db.selectFrom("audit_log").select("action").where("entity", "=", "import")
        .where("entity_id", "=", String(membersBatch)).where("action", "like", "import.claim%").execute();
      assertEquals(audit.map((a) => a.action).sort(), ["import.claim", "import.claim", "import.claimed"]);
    });

    await t.step("drug tests: product words, a date in the wrong format, unknown member", async () => {
      const { id } = await dryRun(
        ctx,
        "drug_tests",
        "i3_reference,member_email,employer_ein,reason,collected_on,result\r\n" +
          "I3-1,zoe@example.com,12-3456789,Pre-employment,01/20/2026,Passed\r\n" +
          "I3-2,zoe@example.com,,Random,2026-01-20,Passed\r\n" +
          "I3-3,ghost@example.com,,Random,01/21/2026,Refusal\r\n" +
          "I3-4,al@example.com,,Random,01/22/2026,Maybe\r\n",
        { date_format: "MM/DD/YYYY" },
      );
      const r = await rows(ctx, id);
      assertEquals(r.map((x) => x.outcome), ["create", "error", "error", "error"]);
      assertEquals(r[1].reason, 'collected_on: "2026-01-20" is not a date in MM/DD/YYYY');
      assertEquals(r[2].reason, "member_email: no member with the e-mail ghost@example.com");
      assertOk(r[3].reason!.startsWith("result:"));
      const done = await apply(ctx, id);
      const job = await db.selectFrom("jobs").select("last_error").where("queue", "=", APPLY_QUEUE)
        .where("last_error", "is not", null).executeTakeFirst();
      assertEquals([done.status, done.created, job?.last_error], ["applied", 1, undefined]);
      const test = await db.selectFrom("drug_tests").select(["result", "reason", "status"]).where(
        "i3_order_ref",
        "=",
        "I3-1",
      ).executeTakeFirstOrThrow();
      assertEquals(test, { result: "negative", reason: "pre_employment", status: "resulted" });
      const back = await ctx.request("admin", "POST", `/api/auth/import/${id}/rollback`);
      assertEquals(back.status, 200);
      assertEquals(
        await db.selectFrom("drug_tests").select("id").where("i3_order_ref", "=", "I3-1").executeTakeFirst(),
        undefined,
      );
    });

    await t.step(
      "memberships: terms with their manual payment, autorenew off, again 0 changes, rollback",
      async () => {
        const text = "member_email,type,starts_on,ends_on,paid_on,amount,paid_by_ein\r\n" +
          "zoe@example.com,Annual,2026-01-15,2027-01-14,2026-01-15,150.00,12-3456789\r\n" +
          "al@example.com,one_time,2026-03-02,,2026-03-02,$75,\r\n" +
          "ghost@example.com,annual,2026-01-01,2026-12-31,,150,\r\n" +
          "al@example.com,annual,2026-05-01,2026-04-01,,150,\r\n" +
          "al@example.com,annual,2026-06-01,,,150,\r\n";
        const { id } = await dryRun(ctx, "memberships", text);
        const r = await rows(ctx, id);
        assertEquals(r.map((x) => x.outcome), ["create", "create", "error", "error", "error"]);
        assertEquals(r[3].reason, "ends_on: before starts_on");
        assertEquals(r[4].reason, "ends_on: required for an annual membership");
        const done = await apply(ctx, id);
        assertEquals([done.status, done.created], ["applied", 2]);
        const zoe = await db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
          .innerJoin("orders as o", "o.id", "m.order_id")
          .select([
            "m.autorenew",
            "m.price_cents",
            "m.expire_at",
            "o.manual_charge_date",
            "o.status",
            "o.total_cents",
          ])
          .where("u.email", "=", "zoe@example.com").executeTakeFirstOrThrow();
        assertEquals(zoe, {
          autorenew: false,
          price_cents: 15000,
          expire_at: "2027-01-14",
          manual_charge_date: "2026-01-15",
          status: "completed",
          total_cents: 15000,
        });
        const again = await dryRun(ctx, "memberships", text);
        assertEquals((await batch(ctx, again.id)).unchanged, 2);
        // The members batch now has memberships made since on its people: its rollback is blocked.
        const blocked = await ctx.request("admin", "POST", `/api/auth/import/${membersBatch}/rollback`);
        assertEquals(blocked.status, 409);
        const back = await ctx.request("admin", "POST", `/api/auth/import/${id}/rollback`);
        assertEquals(back.status, 200, await back.clone().text());
        const left = await db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
          .select("m.id").where("u.email", "in", ["zoe@example.com", "al@example.com"]).execute();
        assertEquals(left.length, 0);
      },
    );

    await t.step("an apply cut off after its first chunk resumes without doing a row twice", async () => {
      const text = "email,first_name,last_name\r\n" +
        "r1@example.com,R,One\r\nr2@example.com,R,Two\r\nr3@example.com,R,Three\r\n";
      const { id } = await dryRun(ctx, "members", text);
      const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
      assertEquals(res.status, 200);
      // One chunk of one row commits, then the process "dies" before the job finishes.
      const b = (await findBatch(db, id))!;
      await db.transaction().execute((trx) => applyChunk(trx, b, 1));
      assertEquals((await batch(ctx, id)).rows_done, 1);
      await drain(ctx);
      const done = await batch(ctx, id);
      assertEquals([done.status, done.created, done.rows_done], ["applied", 3, 3]);
      const made = await db.selectFrom("users").select("email").where("email", "like", "r_@example.com")
        .execute();
      assertEquals(made.length, 3);
    });
  } finally {
    await ctx.close();
  }
});
