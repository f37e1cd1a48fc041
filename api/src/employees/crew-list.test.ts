/**
 * A DER's crew list (issue 36 item 2, decision 0086): the preview reads files other systems make (Windows-1252,
 * UTF-8 with a BOM, semicolons, quoted line breaks), refuses what is not a CSV with a 4xx, judges each row with
 * Add Employee's schema and messages and matches existing members; the submit files every row or none, once per
 * upload; the office decides the batch together or one by one, never twice. Each route with its role matrix.
 */
import { assertEquals, assertOk as assert } from "../testing/assert.ts";
import { createTestContext, type Identity, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { EMPLOYEE_MESSAGES as M } from "./schemas.ts";
import { CREW_MESSAGES as C } from "./crew-schemas.ts";
import { CREW_CSV_MESSAGES } from "./crew-csv.ts";

async function preview(ctx: TestContext, who: Identity | null, businessId: number, part: Blob | string) {
  const form = new FormData();
  if (typeof part === "string") form.set("text", part);
  else form.set("file", part, "crew.csv");
  const headers = new Headers();
  if (who) headers.set("Authorization", `Bearer ${await ctx.tokenFor(who)}`);
  return await ctx.app.request(`/api/auth/business/${businessId}/crew-list/preview`, {
    method: "POST",
    headers,
    body: form,
  });
}

Deno.test("crew list upload: preview, submit, and the office's batch", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  for (const id of [A, B]) {
    await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: `LOC-${id}` }).where(
      "id",
      "=",
      id,
    )
      .execute();
  }
  // An APCA member not yet at company A, known by name and the last four SSN digits.
  const known = (await db.insertInto("users").values({
    email: "known.sailor@test.local",
    password_hash: "x",
    first_name: "Known",
    last_name: "Sailor",
    ssn_last4: "4321",
  }).returning("id").executeTakeFirstOrThrow()).id;
  try {
    await t.step("the preview reads Windows-1252, semicolons and a quoted line break", async () => {
      const text = "First Name;Last Name;E-mail;City;SSN last 4\r\n" +
        'Jos\xe9;Pe\xf1a;jose.pena@test.local;"New\r\nOrleans";1234\r\n' +
        "Known;Sailor;;Houma;4321\r\n";
      const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0)); // one byte per character: Windows-1252
      const res = await preview(ctx, "der", A, new Blob([bytes], { type: "text/csv" }));
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.data.map((r: { status: string }) => r.status), ["new", "existing"]);
      assertEquals(body.data[0].fields.first_name, "José");
      assertEquals(body.data[0].fields.last_name, "Peña");
      assertEquals(body.data[0].fields.city, "New\r\nOrleans");
      assertEquals(body.data[1].match, {
        user_id: known,
        name: "Known Sailor",
        member_number: null,
        matched_by: "name_ssn",
      });
      assertEquals(body.meta, { file_name: "crew.csv", existing: 1, new: 1, error: 0 });
    });

    await t.step("UTF-8 with a BOM and a pasted list read the same", async () => {
      const csv = "\uFEFFfirst_name,last_name,email\nZoë,Ångström,zoe@test.local\n";
      const file = await (await preview(ctx, "der", A, new Blob([new TextEncoder().encode(csv)]))).json();
      assertEquals(file.data[0].fields.first_name, "Zoë");
      const pasted =
        await (await preview(ctx, "der", A, "First Name\tLast Name\tEmail\nZoë\tÅngström\tzoe@test.local"))
          .json();
      assertEquals(pasted.data[0].fields, file.data[0].fields);
    });

    await t.step("each unusable row says why, with Add Employee's messages", async () => {
      const csv = [
        "First Name,Last Name,Email,Phone,SSN",
        ",Nofirst,a@test.local,,",
        "Bad,Email,not-an-email,,",
        "Full,Ssn,full@test.local,,123-45-6789",
        "Bad,Phone,phone@test.local,12,",
        "No,Email,,,",
        "Twice,Listed,twice@test.local,,",
        "Twice,Listed,twice2@test.local,,",
        "Mia,Member,,,", // already company A's employee? no: matched only by name: needs an e-mail
        "Known,Sailor,known.sailor@test.local,,",
      ].join("\n");
      const body = await (await preview(ctx, "der", A, csv)).json();
      const reasons = body.data.map((r: { row: number; issues: { message: string }[] }) => [
        r.row,
        r.issues.map((i) => i.message),
      ]);
      assertEquals(reasons, [
        [2, [M.firstNameRequired]],
        [3, [M.emailInvalid]],
        [4, [M.ssnInvalid]],
        [5, [M.phoneInvalid]],
        [6, [C.emailToInvite]],
        [7, []],
        [8, [C.listedTwice(7)]],
        [9, [C.emailToInvite]],
        [10, []],
      ]);
    });

    await t.step("a member of the company and an open request are named", async () => {
      const member = await db.selectFrom("users").select(["first_name", "last_name", "email"])
        .where("id", "=", ctx.users.member.id).executeTakeFirstOrThrow();
      await ctx.request("der", "POST", `/api/auth/business/${A}/employee-requests`, {
        first_name: "Open",
        last_name: "Request",
        email: "open.request@test.local",
      });
      const csv = `First Name,Last Name,Email\n${member.first_name},${member.last_name},${member.email}\n` +
        "Open,Request,open.request@test.local\n";
      const body = await (await preview(ctx, "der", A, csv)).json();
      assertEquals(body.data.map((r: { issues: { message: string }[] }) => r.issues[0]?.message), [
        C.alreadyEmployee,
        M.alreadyRequested,
      ]);
    });

    await t.step("not a CSV: refused with a clear 422, never a 500", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.7\n\0\0binary");
      const res = await preview(ctx, "der", A, new Blob([pdf]));
      assertEquals(res.status, 422);
      assertEquals((await res.json()).error, CREW_CSV_MESSAGES.notText);
      const noNames = await preview(ctx, "der", A, "Hello world\nthis is a letter");
      assertEquals(noNames.status, 422);
      assertEquals((await noNames.json()).error, CREW_CSV_MESSAGES.notACsv);
      const open = await preview(ctx, "der", A, 'First Name,Last Name\n"Unclosed,Quote\n');
      assertEquals(open.status, 422);
      const empty = await preview(ctx, "der", A, "");
      assertEquals(empty.status, 422);
    });

    await t.step("the preview's role matrix: its DER and administrators; others 403/404", async () => {
      const csv = "First Name,Last Name,Email\nAnn,Able,ann@test.local\n";
      const seen: Record<string, number> = {};
      for (const who of [null, "member", "otherMember", "otherDer", "admin", "der"] as const) {
        seen[who ?? "anonymous"] = (await preview(ctx, who, A, csv)).status;
      }
      assertEquals(seen, {
        anonymous: 401,
        member: 403,
        otherMember: 404,
        otherDer: 404,
        admin: 200,
        der: 200,
      });
    });

    const rows = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        row: i + 2,
        first_name: `Crew${i}`,
        last_name: `${tag}`,
        email: `crew${i}.${tag.toLowerCase()}@test.local`,
      }));
    const key = crypto.randomUUID();
    let batchId = 0;
    let notificationId = 0;

    await t.step("the submit's role matrix", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/business/${A}/crew-list`,
        body: () => ({
          upload_key: crypto.randomUUID(),
          rows: [{ row: 2, first_name: "No", last_name: "Mail" }],
        }),
        // Everyone allowed reaches the list's rules (a new person without an e-mail: 422); nobody else sees it.
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 422, der: 422 },
      });
    });

    await t.step("one bad row refuses the whole submit: nothing is filed", async () => {
      const bad = [...rows(3, "Refused"), { row: 5, first_name: "No", last_name: "Mail" }];
      const res = await ctx.request("der", "POST", `/api/auth/business/${A}/crew-list`, {
        upload_key: crypto.randomUUID(),
        rows: bad,
      });
      assertEquals(res.status, 422);
      const body = await res.json();
      assertEquals(body.issues, [{ path: "rows.3.email", message: `Row 5: ${C.emailToInvite}` }]);
      const filed = await db.selectFrom("employee_requests").select("id").where("last_name", "=", "Refused")
        .execute();
      assertEquals(filed.length, 0);
    });

    await t.step("a submit files every row under one card; the same upload again files nothing", async () => {
      const body = {
        upload_key: key,
        file_name: "crew.csv",
        rows: [...rows(4, "Towing"), {
          row: 6,
          first_name: "Known",
          last_name: "Sailor",
          ssn: "4321",
        }],
      };
      const first = await ctx.request("der", "POST", `/api/auth/business/${A}/crew-list`, body);
      assertEquals(first.status, 201);
      const answer = await first.json();
      assertEquals(answer.message, C.submitted(5));
      batchId = answer.data.id;
      notificationId = answer.data.attributes.notification_id;
      const again = await ctx.request("der", "POST", `/api/auth/business/${A}/crew-list`, body);
      assertEquals(again.status, 201);
      assertEquals((await again.json()).data.id, batchId);
      const filed = await db.selectFrom("employee_requests").select(["id", "possible_user_id"])
        .where("batch_id", "=", batchId).execute();
      assertEquals(filed.length, 5);
      assertEquals(filed.filter((r) => r.possible_user_id === known).length, 1);
      const cards = await db.selectFrom("notifications").select(["id", "type", "meta"])
        .where("business_id", "=", A).where("type", "=", "EMPLOYEE_REQUEST_BATCH").execute();
      assertEquals(cards.length, 1);
      assertEquals((cards[0].meta as { request_count: number }).request_count, 5);
      const audited = await db.selectFrom("audit_log").select("id").where(
        "action",
        "=",
        "business.upload_crew_list",
      )
        .execute();
      assertEquals(audited.length, 1);
    });

    await t.step("the batch on the desk: administrators only", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/employee-request-batches/${batchId}`,
        expect: adminOnly(200),
      });
      const listed = await (await ctx.request("admin", "GET", "/api/auth/notifications?category=changes"))
        .json();
      assert(
        JSON.stringify(listed).includes(`"batch_id":${batchId}`),
        "the changes list carries the batch's card",
      );
      for (const action of ["approve", "decline"]) {
        await assertRoleAnswers(ctx, {
          method: "POST",
          path: `/api/auth/employee-request-batches/${batchId}/${action}`,
          body: () => ({ request_ids: [2_000_000_000], reason: "no" }),
          expect: adminOnly(422),
        });
      }
    });

    await t.step(
      "one by one, then together; a request decided already answers 409 and nothing applies",
      async () => {
        const { data } =
          await (await ctx.request("admin", "GET", `/api/auth/employee-request-batches/${batchId}`))
            .json();
        const ids: number[] = data.attributes.requests.map((r: { id: number }) => r.id);
        const declined = await ctx.request(
          "admin",
          "POST",
          `/api/auth/employee-request-batches/${batchId}/decline`,
          {
            request_ids: [ids[0]],
            reason: "Left before starting",
          },
        );
        assertEquals(declined.status, 200);
        // A second administrator approving the declined one with another: refused, and the other stays waiting.
        const stale = await ctx.request(
          "admin",
          "POST",
          `/api/auth/employee-request-batches/${batchId}/approve`,
          {
            request_ids: [ids[0], ids[1]],
          },
        );
        assertEquals(stale.status, 409);
        assertEquals((await stale.json()).code, "ALREADY_PROCESSED");
        const waiting = await db.selectFrom("employee_requests").select("status").where("id", "=", ids[1])
          .executeTakeFirstOrThrow();
        assertEquals(waiting.status, "pending");
        const all = await ctx.request(
          "admin",
          "POST",
          `/api/auth/employee-request-batches/${batchId}/approve`,
          {},
        );
        assertEquals(all.status, 200);
        const answer = await all.json();
        assertEquals(answer.message, "4 employee requests approved");
        assertEquals(answer.data.attributes.archived, true);
        const statuses = answer.data.attributes.requests.map((r: { status: string }) => r.status);
        assertEquals(statuses, ["rejected", "created", "created", "created", "linked"]);
        const linked = await db.selectFrom("business_users").select("user_id").where("business_id", "=", A)
          .where("removed_at", "is", null).execute();
        assert(linked.some((l) => l.user_id === known), "the matched member joins the company");
        const card = await db.selectFrom("notifications").select("archived_at").where(
          "id",
          "=",
          notificationId,
        )
          .executeTakeFirstOrThrow();
        assert(card.archived_at !== null, "the card is archived with its last request");
        const again = await ctx.request(
          "admin",
          "POST",
          `/api/auth/employee-request-batches/${batchId}/approve`,
          {},
        );
        assertEquals(again.status, 409);
        const audits = await db.selectFrom("audit_log").select("action").where(
          "action",
          "like",
          "employee_request.%",
        )
          .execute();
        assertEquals(audits.length, 5);
      },
    );
  } finally {
    await ctx.close();
  }
});

Deno.test("at once: the same upload sent twice files one batch; two administrators approve it once", async () => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: `LOC-${A}` }).where(
    "id",
    "=",
    A,
  )
    .execute();
  try {
    const body = {
      upload_key: crypto.randomUUID(),
      rows: Array.from({ length: 5 }, (_, i) => ({
        row: i + 2,
        first_name: `Twin${i}`,
        last_name: "Race",
        email: `twin${i}.race@test.local`,
      })),
    };
    const sent = await Promise.all(
      [1, 2].map(() => ctx.request("der", "POST", `/api/auth/business/${A}/crew-list`, body)),
    );
    const ids = await Promise.all(
      sent.map(async (r) => r.status === 201 ? (await r.json()).data.id : r.status),
    );
    assertEquals(ids[0], ids[1], "both answers name the one batch");
    const filed = await db.selectFrom("employee_requests").select("id").where("last_name", "=", "Race")
      .execute();
    assertEquals(filed.length, 5);
    const approvals = await Promise.all(
      [1, 2].map(() =>
        ctx.request("admin", "POST", `/api/auth/employee-request-batches/${ids[0]}/approve`, {})
      ),
    );
    assertEquals(approvals.map((r) => r.status).sort(), [200, 409]);
    await Promise.all(approvals.map((r) => r.body?.cancel()));
    const users = await db.selectFrom("users").select("id").where("last_name", "=", "Race").execute();
    assertEquals(users.length, 5, "each new member created once");
  } finally {
    await ctx.close();
  }
});
