import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import {
  SAFETY_LETTER_MAX_BYTES,
  USER_MESSAGES,
  UserList,
  UserMessageResponse,
  UserResponse,
} from "../users/schemas.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  first_name: "Nina",
  last_name: "Newcomb",
  phone: "504-555-0199",
  password: "a long enough password",
  ...extra,
});

async function detail(ctx: TestContext, id: number) {
  const res = await ctx.request("admin", "GET", `/api/auth/user/${id}`);
  assertEquals(res.status, 200);
  return UserResponse.parse(await res.json()).data.attributes;
}

async function upload(ctx: TestContext, id: number, file: File | null, who: "admin" | "member" = "admin") {
  const form = new FormData();
  if (file) form.set("document", file);
  return await ctx.app.request(`/api/auth/user/${id}/safety-document`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await ctx.tokenFor(who)}` },
    body: form,
  });
}

Deno.test("administrators' user actions", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const member = ctx.users.member.id;

    await t.step("roles: only an administrator calls them (member 403, anonymous 401)", async () => {
      const only = { anonymous: 401, member: 403, otherMember: 403, otherDer: 403 };
      const cases: [string, string, unknown, number][] = [
        ["POST", "/api/auth/users", newUser("roles@test.local"), 201],
        ["PUT", `/api/auth/user/${member}`, {
          email: "member@test.local",
          first_name: "Mia",
          last_name: "Test",
        }, 200],
        ["PUT", `/api/auth/user/${member}/admin`, { data: { admin: false } }, 200],
        ["POST", `/api/auth/user/${member}/password-reset`, undefined, 200],
        ["PUT", `/api/auth/user/${member}/password`, { password: "another password" }, 200],
        ["GET", `/api/auth/user/${member}/duplicates`, undefined, 200],
        ["GET", `/api/auth/user/${member}/safety-document`, undefined, 404],
        ["DELETE", `/api/auth/user/${member}/safety-document`, undefined, 404],
        ["DELETE", `/api/auth/user/999999`, undefined, 404],
      ];
      for (const [method, path, body, admin] of cases) {
        await assertRoleAnswers(ctx, {
          method,
          path,
          body: body === undefined
            ? undefined
            : (who) =>
              method === "POST" && path === "/api/auth/users"
                ? newUser(`roles-${who ?? "anon"}@test.local`)
                : body,
          expect: { ...only, admin },
        });
      }
    });

    await t.step("the detail carries every flag of admin spec §3 User", async () => {
      const a = await detail(ctx, member);
      assertEquals({
        can_delete: a.can_delete,
        can_download_compliance: a.can_download_compliance,
        is_membership_annual: a.is_membership_annual,
        has_pending_company_request: a.has_pending_company_request,
        is_attached_business: a.is_attached_business,
        is_primary_business_setup: a.is_primary_business_setup,
        has_duplicate: a.has_duplicate,
        _deleted: a._deleted,
        safety_document: a.safety_document,
      }, {
        can_delete: true,
        can_download_compliance: false,
        is_membership_annual: false,
        has_pending_company_request: false,
        is_attached_business: true,
        is_primary_business_setup: false,
        has_duplicate: false,
        _deleted: false,
        safety_document: null,
      });
      await db.updateTable("businesses").set({ is_i3_setup: true, i3_location_code: "LOC-A" }).where(
        "id",
        "=",
        ctx.users.member.businessId,
      )
        .execute();
      assertEquals((await detail(ctx, member)).is_primary_business_setup, true);
      // Where the warnings are fixed (issue 24 item 3): the primary business's page; no request waiting.
      const primary = await db.selectFrom("business_users").select("business_id").where(
        "user_id",
        "=",
        member,
      )
        .where("is_primary", "=", true).where("removed_at", "is", null).executeTakeFirst();
      assertEquals(a.primary_business_id, primary?.business_id ?? null);
      assertEquals(a.pending_request_notification_id, null);
      // A DER owns a business and an administrator is one: neither can be deleted from here.
      assertEquals((await detail(ctx, ctx.users.der.id)).can_delete, false);
      assertEquals((await detail(ctx, ctx.users.admin.id)).can_delete, false);
    });

    await t.step("create and edit a user; a taken e-mail is refused", async () => {
      const res = await ctx.request("admin", "POST", "/api/auth/users", newUser("nina@test.local"));
      assertEquals(res.status, 201);
      const created = UserMessageResponse.parse(await res.json());
      assertEquals(created.message, USER_MESSAGES.created);
      assertOk(created.data.attributes.member_number?.startsWith("M-"));
      const taken = await ctx.request("admin", "POST", "/api/auth/users", newUser("NINA@test.local"));
      assertEquals([taken.status, (await taken.json()).code], [422, "EMAIL_TAKEN"]);
      const missing = await ctx.request(
        "admin",
        "POST",
        "/api/auth/users",
        newUser("x@test.local", { first_name: "" }),
      );
      assertEquals((await missing.json()).error, "First Name is required!");
      const edit = await ctx.request("admin", "PUT", `/api/auth/user/${created.data.id}`, {
        email: "nina@test.local",
        first_name: "Nina",
        last_name: "Newcombe",
      });
      assertEquals(edit.status, 200);
      const edited = UserMessageResponse.parse(await edit.json());
      assertEquals([edited.message, edited.data.attributes.last_name], [USER_MESSAGES.updated, "Newcombe"]);
    });

    await t.step(
      "duplicates: the same name with the same phone, credential or SSN digits; never an administrator",
      async () => {
        const make = async (
          email: string,
          first: string,
          last: string,
          extra: Record<string, unknown> = {},
        ) => {
          const res = await ctx.request("admin", "POST", "/api/auth/users", {
            ...newUser(email),
            first_name: first,
            last_name: last,
            phone: null,
            ...extra,
          });
          assertEquals(res.status, 201, email);
          return (await res.json()).data.id as number;
        };
        const emailsOf = async (id: number) => {
          const res = await ctx.request("admin", "GET", `/api/auth/user/${id}/duplicates?sort_by=email`);
          assertEquals(res.status, 200);
          const list = UserList.parse(await res.json());
          assertEquals(list.meta.page, 1);
          return list.data.map((u) => u.attributes.email);
        };
        const quill = await make("pat.quill@test.local", "Pat", "Quill", { phone: "985-555-0111" });
        // A shared phone alone is not the same person (issue 23: the demo users all shared one number).
        await make("sam.other@test.local", "Sam", "Other", { phone: "985-555-0111" });
        // The same name alone is not either.
        await make("pat.quill.2@test.local", "Pat", "Quill");
        assertEquals(await emailsOf(quill), []);
        assertEquals((await detail(ctx, quill)).has_duplicate, false);

        // The same name (any case) with the same phone, credential or SSN last four digits is.
        await make("pq.phone@test.local", "PAT", "quill", { phone: "985-555-0111" });
        const cred = await make("pq.cred@test.local", "Pat", "Quill");
        const ssn = await make("pq.ssn@test.local", "Pat", "Quill");
        await db.updateTable("users").set({ uscg_cred: "MMC-7777777" }).where("id", "in", [quill, cred])
          .execute();
        await db.updateTable("users").set({ ssn_last4: "1234" }).where("id", "in", [quill, ssn]).execute();
        assertEquals(await emailsOf(quill), [
          "pq.cred@test.local",
          "pq.phone@test.local",
          "pq.ssn@test.local",
        ]);
        assertEquals((await detail(ctx, quill)).has_duplicate, true);

        // Never an administrator, nor the viewer (here the viewing administrator made Pat Quill's twin).
        await db.updateTable("users").set({ is_admin: true }).where("id", "in", [cred, ssn]).execute();
        const viewer = ctx.users.admin.id;
        const before = await db.selectFrom("users").select(["first_name", "last_name", "phone"])
          .where("id", "=", viewer).executeTakeFirstOrThrow();
        await db.updateTable("users").set({ first_name: "Pat", last_name: "Quill", phone: "985-555-0111" })
          .where("id", "=", viewer).execute();
        assertEquals(await emailsOf(quill), ["pq.phone@test.local"]);
        await db.updateTable("users").set({ is_admin: false }).where("id", "=", ssn).execute();
        assertEquals(await emailsOf(quill), ["pq.phone@test.local", "pq.ssn@test.local"]);
        await db.updateTable("users").set({ is_admin: false }).where("id", "=", cred).execute();
        await db.updateTable("users").set(before).where("id", "=", viewer).execute();

        const bad = await ctx.request(
          "admin",
          "GET",
          `/api/auth/user/${quill}/duplicates?sort_by=password_hash`,
        );
        assertEquals(bad.status, 422);
      },
    );

    await t.step("admin rights: granted, revoked, audited; never your own", async () => {
      const grant = await ctx.request("admin", "PUT", `/api/auth/user/${member}/admin`, {
        data: { admin: true },
      });
      const granted = UserMessageResponse.parse(await grant.json());
      assertEquals([granted.message, granted.data.attributes.roles], [USER_MESSAGES.adminUpdated, [
        "admin",
        "member",
      ]]);
      const revoke = await ctx.request("admin", "PUT", `/api/auth/user/${member}/admin`, {
        data: { admin: false },
      });
      assertEquals(UserMessageResponse.parse(await revoke.json()).data.attributes.roles, ["member"]);
      const own = await ctx.request("admin", "PUT", `/api/auth/user/${ctx.users.admin.id}/admin`, {
        data: { admin: false },
      });
      assertEquals([own.status, (await own.json()).error], [409, USER_MESSAGES.lastAdmin]);
      const noData = await ctx.request("admin", "PUT", `/api/auth/user/${member}/admin`, { admin: true });
      assertEquals(noData.status, 422);
      const audits = await db.selectFrom("audit_log").select("action").where("entity_id", "=", String(member))
        .where("action", "in", ["admin_granted", "admin_revoked"]).execute();
      assertEquals(audits.length >= 2, true);
    });

    await t.step("a reset e-mail without captcha, and a new password", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/user/${member}/password-reset`);
      assertEquals((await res.json()).message, USER_MESSAGES.resetEmailed);
      const mail = await db.selectFrom("email_outbox").select("subject").where(
        "to_address",
        "=",
        "member@test.local",
      )
        .execute();
      assertOk(mail.some((m) => m.subject === "Reset your APCA password"));
      const short = await ctx.request("admin", "PUT", `/api/auth/user/${member}/password`, {
        password: "short",
      });
      assertEquals((await short.json()).error, "Password must be at least 8 characters");
      const set = await ctx.request("admin", "PUT", `/api/auth/user/${member}/password`, {
        password: "a new password",
      });
      assertEquals((await set.json()).message, USER_MESSAGES.passwordUpdated);
    });

    await t.step("safety concern letter: PDF only, served as an attachment, removed", async () => {
      const none = await upload(ctx, member, null);
      assertEquals([none.status, (await none.json()).error], [422, USER_MESSAGES.letterRequired]);
      const html = await upload(
        ctx,
        member,
        new File(["<script>alert(1)</script>"], "x.pdf", { type: "application/pdf" }),
      );
      assertEquals([html.status, (await html.json()).error], [422, USER_MESSAGES.letterNotPdf]);
      // The documented 5 MiB, past the global 1 MiB body limit: a 2 MiB scan is kept, 5 MiB + 1 byte is not,
      // and a body far past the route's own limit is refused before it is read (all in the error model).
      const scan = (size: number) => {
        const bytes = new Uint8Array(size);
        bytes.set(PDF);
        return new File([bytes], "scan.pdf", { type: "application/pdf" });
      };
      assertOk(ctx.deps.config.bodyLimit < 2 * 1024 * 1024, "the global limit is below the letter's");
      const twoMiB = await upload(ctx, member, scan(2 * 1024 * 1024));
      assertEquals([twoMiB.status, (await twoMiB.json()).message], [201, USER_MESSAGES.letterUploaded]);
      const over = await upload(ctx, member, scan(SAFETY_LETTER_MAX_BYTES + 1));
      assertEquals(await over.json(), { error: USER_MESSAGES.letterTooLarge, code: "PAYLOAD_TOO_LARGE" });
      // The message says the limit, the same number the route enforces (issue 37).
      assertOk(
        USER_MESSAGES.letterTooLarge.includes(`at most ${SAFETY_LETTER_MAX_BYTES / 1024 / 1024} MiB`),
        USER_MESSAGES.letterTooLarge,
      );
      const tooLarge = await upload(ctx, member, scan(SAFETY_LETTER_MAX_BYTES + 200 * 1024));
      assertEquals([tooLarge.status, (await tooLarge.json()).code], [413, "PAYLOAD_TOO_LARGE"]);
      const typed = await upload(ctx, member, new File([PDF], "x.pdf", { type: "text/html" }));
      assertEquals(typed.status, 422);
      await typed.body?.cancel();
      const asMember = await upload(
        ctx,
        member,
        new File([PDF], "x.pdf", { type: "application/pdf" }),
        "member",
      );
      assertEquals(asMember.status, 403);
      await asMember.body?.cancel();
      const ok = await upload(ctx, member, new File([PDF], "../Letter <1>.pdf", { type: "application/pdf" }));
      assertEquals([ok.status, (await ok.json()).message], [201, USER_MESSAGES.letterUploaded]);
      const doc = (await detail(ctx, member)).safety_document;
      assertEquals([doc?.filename, doc?.byte_size], ["Letter _1_.pdf", PDF.length]);
      const get = await ctx.request("admin", "GET", `/api/auth/user/${member}/safety-document`);
      assertEquals(get.status, 200);
      assertEquals(get.headers.get("Content-Disposition"), 'attachment; filename="Letter _1_.pdf"');
      assertEquals(get.headers.get("X-Content-Type-Options"), "nosniff");
      assertOk(get.headers.get("Content-Security-Policy")?.includes("sandbox"));
      assertEquals(new Uint8Array(await get.arrayBuffer()), PDF);
      // A second upload replaces the first; its file is gone from storage.
      const again = await upload(ctx, member, new File([PDF], "second.pdf", { type: "application/pdf" }));
      assertEquals(again.status, 201);
      await again.body?.cancel();
      assertEquals((await db.selectFrom("stored_files").select("key").execute()).length, 1);
      const del = await ctx.request("admin", "DELETE", `/api/auth/user/${member}/safety-document`);
      assertEquals((await del.json()).message, USER_MESSAGES.letterRemoved);
      assertEquals((await db.selectFrom("stored_files").select("key").execute()).length, 0);
      assertEquals((await detail(ctx, member)).safety_document, null);
    });

    await t.step("Businesses tab and Add To Business: existing or new", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/user/${member}/businesses`);
      assertEquals((await res.json()).data.map((b: { id: number }) => b.id), [ctx.users.member.businessId]);
      const again = await ctx.request("admin", "POST", `/api/auth/user/${member}/businesses`, {
        business_id: ctx.users.member.businessId,
      });
      assertEquals([again.status, (await again.json()).error], [409, USER_MESSAGES.alreadyInBusiness]);
      const other = await ctx.request("admin", "POST", `/api/auth/user/${member}/businesses`, {
        business_id: ctx.users.otherMember.businessId,
      });
      assertEquals([other.status, (await other.json()).message], [201, USER_MESSAGES.attached]);
      const noName = await ctx.request("admin", "POST", `/api/auth/user/${member}/businesses`, { name: "" });
      assertEquals((await noName.json()).error, USER_MESSAGES.businessNameRequired);
      const created = await ctx.request("admin", "POST", `/api/auth/user/${member}/businesses`, {
        name: "Mia's Charters",
        is_employee: false,
      });
      const body = await created.json();
      assertEquals([created.status, body.message, body.created], [201, USER_MESSAGES.attachedNew, true]);
      const list = await ctx.request("admin", "GET", `/api/auth/user/${member}/businesses`);
      assertEquals((await list.json()).data.length, 3);
      for (const [method, path] of [["GET", "businesses"], ["POST", "businesses"]]) {
        await assertRoleAnswers(ctx, {
          method,
          path: `/api/auth/user/${member}/${path}`,
          body: method === "POST" ? () => ({ name: "Role check" }) : undefined,
          expect: {
            anonymous: 401,
            member: 403,
            otherMember: 403,
            otherDer: 403,
            admin: method === "GET" ? 200 : 201,
          },
        });
      }
      // The member owns a business now, so can_delete is false: put things back for the deletion step.
      await db.updateTable("business_users").set({ removed_at: ctx.deps.now() })
        .where("user_id", "=", member).where("is_owner", "=", true).execute();
    });

    await t.step("delete: only when can_delete; the record stays, marked deleted", async () => {
      const der = await ctx.request("admin", "DELETE", `/api/auth/user/${ctx.users.der.id}`);
      assertEquals([der.status, (await der.json()).error], [409, USER_MESSAGES.cannotDelete]);
      const self = await ctx.request("admin", "DELETE", `/api/auth/user/${ctx.users.admin.id}`);
      assertEquals([self.status, (await self.json()).error], [409, USER_MESSAGES.deleteSelf]);
      const res = await ctx.request("admin", "DELETE", `/api/auth/user/${member}`);
      assertEquals((await res.json()).message, USER_MESSAGES.deleted);
      const after = await detail(ctx, member);
      assertEquals([after._deleted, after.can_delete, after.first_name], [true, false, "Mia"]);
      const again = await ctx.request("admin", "DELETE", `/api/auth/user/${member}`);
      assertEquals([again.status, (await again.json()).error], [409, USER_MESSAGES.alreadyDeleted]);
      const audit = await db.selectFrom("audit_log").select("actor_user_id").where(
        "action",
        "=",
        "account_deleted",
      )
        .where("entity_id", "=", String(member)).executeTakeFirstOrThrow();
      assertEquals(audit.actor_user_id, ctx.users.admin.id);
    });
  } finally {
    await ctx.close();
  }
});
