import { exportPKCS8, generateKeyPair, importJWK, jwtVerify, SignJWT } from "jose";
import { addDays, coverageDay } from "../lib/dates.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { pdfQrText, pdfText } from "../testing/pdf.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { COMPLIANCE_MESSAGES } from "./service.ts";
import { loadLetterKeys, signStatement, verifyStatement } from "./signing.ts";

Deno.test("letters of compliance", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  const base = ctx.deps.config.publicUrl;
  // Dates around the test clock's coverage day, never the wall clock's (the suite may run at any hour).
  const day = (offset: number) => addDays(coverageDay(ctx.deps.now()), offset);
  const coverageFrom = day(-100), coverageTo = day(265);
  await db.updateTable("users").set({ member_number: "M-200001", middle_name: "Q" }).where(
    "id",
    "=",
    member.id,
  )
    .execute();
  const { id: membershipId } = await db.insertInto("memberships").values({
    user_id: member.id,
    type: "annual",
    starts_at: `${coverageFrom}T12:00:00Z`, // that date in the office's zone too (the letter's start date)
    expire_at: coverageTo,
    price_cents: 10500,
  }).returning("id").executeTakeFirstOrThrow();
  // The other member only ever bought a one-time test: no letter.
  await db.insertInto("memberships").values({
    user_id: otherMember.id,
    type: "one_time",
    expire_at: day(30),
    price_cents: 7500,
  }).execute();
  const letter = async (who: "member" | "admin" = "member") => {
    const path = who === "member"
      ? "/api/auth/account/compliance-letter"
      : `/api/auth/user/${member.id}/compliance-letter`;
    const res = await ctx.request(who, "GET", path);
    assertEquals(res.status, 200);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  let token = "";

  try {
    await t.step("roles: the letter is mine when I qualify; an administrator's for any member", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/account/compliance-letter",
        expect: { anonymous: 401, member: 200, otherMember: 403, otherDer: 403, admin: 403, der: 403 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/user/${member.id}/compliance-letter`,
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/account/compliance-email",
        expect: { anonymous: 401, member: 200, otherMember: 403, otherDer: 403, admin: 403 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/user/${member.id}/compliance-email`,
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, admin: 200 },
      });
      for (
        const path of [
          "/api/compliance/public-key",
          "/api/compliance/public-keys",
          "/api/compliance/verify/x.y.z",
        ]
      ) {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path,
          expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
        });
      }
    });

    await t.step("without an active annual membership: 403 with the rule in words", async () => {
      const res = await ctx.request("otherMember", "GET", "/api/auth/account/compliance-letter");
      assertEquals(res.status, 403);
      assertEquals(await res.json(), {
        error: COMPLIANCE_MESSAGES.unavailable,
        code: "COMPLIANCE_UNAVAILABLE",
      });
      const admin = await ctx.request("admin", "GET", `/api/auth/user/${otherMember.id}/compliance-letter`);
      assertEquals((await admin.json()).code, "COMPLIANCE_UNAVAILABLE");
      assertEquals(
        (await ctx.request("admin", "GET", "/api/auth/user/999999/compliance-letter")).status,
        404,
      );
      assertEquals(
        (await ctx.request("admin", "POST", "/api/auth/user/999999/compliance-email")).status,
        404,
      );
    });

    await t.step("the PDF: a download named letter-compliance.pdf with the member's details", async () => {
      const { res, bytes } = await letter();
      assertEquals(res.headers.get("Content-Type"), "application/pdf");
      assertEquals(res.headers.get("Content-Disposition"), 'attachment; filename="letter-compliance.pdf"');
      assertEquals(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
      const text = (await pdfText(bytes)).join("\n");
      for (
        const expected of [
          "Letter of Compliance",
          "Mia Q Test",
          "M-200001",
          "46 CFR 16.230",
          "49 CFR Part 40",
        ]
      ) {
        assertOk(text.includes(expected), `the letter shows ${expected}`);
      }
      const long = (d: string) =>
        new Date(`${d}T00:00:00Z`).toLocaleDateString("en-US", {
          year: "numeric",
          month: "long",
          day: "numeric",
          timeZone: "UTC",
        });
      assertOk(text.includes(long(coverageFrom)) && text.includes(long(coverageTo)), "coverage dates");
      assertOk(!text.includes("SSN"), "no SSN");
    });

    await t.step("its QR code holds a verification link whose token verifies", async () => {
      const { bytes } = await letter();
      const url = await pdfQrText(bytes);
      assertOk(url, "a QR code is drawn");
      assertMatch(url, new RegExp(`^${base.replace(/[.:/]/g, "\\$&")}/verify/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
      token = url.slice(`${base}/verify/`.length);
      const res = await ctx.request(null, "GET", `/api/compliance/verify/${token}`);
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.genuine, true);
      assertEquals(body.current_status, "active");
      assertEquals(body.statement.mem, "M-200001");
      assertEquals([body.statement.cov_from, body.statement.cov_to, body.statement.st], [
        coverageFrom,
        coverageTo,
        "active",
      ]);
      assertEquals(body.statement.sub, String(member.id));
      assertOk(!JSON.stringify(body).includes("Mia"), "no name in the statement");
      assertOk(typeof body.checked_at === "string");
    });

    await t.step("the published public key checks the token offline", async () => {
      const jwk = await (await ctx.request(null, "GET", "/api/compliance/public-key")).json();
      assertEquals([jwk.kty, jwk.crv, jwk.alg, typeof jwk.kid], ["OKP", "Ed25519", "EdDSA", "string"]);
      assertEquals(jwk.d, undefined);
      const { payload, protectedHeader } = await jwtVerify(token, await importJWK(jwk, "EdDSA"));
      assertEquals([protectedHeader.alg, protectedHeader.kid, payload.mem], ["EdDSA", jwk.kid, "M-200001"]);
    });

    await t.step("a tampered, foreign or malformed token is not genuine (and still a 200)", async () => {
      const [header, payload, signature] = token.split(".");
      const claims = JSON.parse(
        new TextDecoder().decode(Uint8Array.fromBase64(payload, { alphabet: "base64url" })),
      );
      const forged = new TextEncoder().encode(JSON.stringify({ ...claims, cov_to: "2099-12-31" }))
        .toBase64({ alphabet: "base64url", omitPadding: true });
      const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
      const foreign = await new SignJWT(claims).setProtectedHeader({
        alg: "EdDSA",
        kid: JSON.parse(
          new TextDecoder().decode(Uint8Array.fromBase64(header, { alphabet: "base64url" })),
        ).kid,
      }).sign(privateKey);
      for (
        const bad of [`${header}.${forged}.${signature}`, foreign, "not-a-token", `${header}.${payload}.`]
      ) {
        const res = await ctx.request(null, "GET", `/api/compliance/verify/${encodeURIComponent(bad)}`);
        assertEquals(res.status, 200);
        const body = await res.json();
        assertEquals([body.genuine, body.statement, body.current_status], [false, undefined, undefined], bad);
      }
    });

    await t.step("a genuine letter shows the member's current status: paused, then expired", async () => {
      const { id: pauseId } = await db.insertInto("membership_pauses").values({
        membership_id: membershipId,
        reason: "Medical",
        paused_at: new Date(ctx.deps.now().getTime() - 60_000),
      }).returning("id").executeTakeFirstOrThrow();
      const paused = await (await ctx.request(null, "GET", `/api/compliance/verify/${token}`)).json();
      assertEquals([paused.genuine, paused.current_status], [true, "paused"]);
      const refused = await ctx.request("member", "GET", "/api/auth/account/compliance-letter");
      assertEquals([refused.status, (await refused.json()).code], [403, "COMPLIANCE_UNAVAILABLE"]);
      const noMail = await ctx.request("member", "POST", "/api/auth/account/compliance-email");
      assertEquals(noMail.status, 403);

      await db.updateTable("membership_pauses").set({ resumed_at: ctx.deps.now() }).where("id", "=", pauseId)
        .execute();
      await db.updateTable("memberships").set({ expire_at: day(-3) }).where("id", "=", membershipId)
        .execute();
      const expired = await (await ctx.request(null, "GET", `/api/compliance/verify/${token}`)).json();
      assertEquals([expired.genuine, expired.current_status], [true, "expired"]);
      await db.updateTable("memberships").set({ expire_at: coverageTo }).where("id", "=", membershipId)
        .execute();
    });

    await t.step("the e-mail action mails the letter as an attachment", async () => {
      const before = await db.selectFrom("email_outbox").select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const res = await ctx.request("admin", "POST", `/api/auth/user/${member.id}/compliance-email`);
      assertEquals([res.status, await res.json()], [200, { message: "Letter Has Been Emailed" }]);
      const mail = await db.selectFrom("email_outbox").select(["id", "to_address", "subject", "text_body"])
        .orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals(Number(before.n) >= 1, true);
      assertEquals([mail.to_address, mail.subject], [member.email, "Your APCA Letter of Compliance"]);
      const [attachment] = await db.selectFrom("email_attachments").select([
        "filename",
        "content_type",
        "bytes",
      ])
        .where("email_id", "=", mail.id).execute();
      assertEquals([attachment.filename, attachment.content_type], [
        "letter-compliance.pdf",
        "application/pdf",
      ]);
      assertEquals(new TextDecoder().decode(attachment.bytes.slice(0, 5)), "%PDF-");
      const mailed = await pdfQrText(attachment.bytes);
      assertOk(mailed?.startsWith(`${base}/verify/`));
    });

    await t.step(
      "a letter is issued once per content and kept in the documents; downloading again writes nothing",
      async () => {
        const kept = () =>
          db.selectFrom("documents").select(["id", "kind", "filename", "created_by_user_id", "bytes"])
            .where("user_id", "=", member.id).orderBy("id").execute();
        const issued = () =>
          db.selectFrom("audit_log").select("id").where("entity", "=", "user")
            .where("entity_id", "=", String(member.id)).where("action", "=", "compliance_letter.issued")
            .execute();
        const before = await kept();
        assertEquals(before.length, 1, "every download so far (member and admin) answered one letter");
        assertEquals(before[0].kind, "letter_of_compliance");
        assertEquals(before[0].filename, "letter-compliance.pdf");
        assertEquals((await issued()).length, 1);

        const again = [await letter("member"), await letter("admin"), await letter("member")];
        for (const { bytes } of again) {
          assertEquals(bytes, new Uint8Array(before[0].bytes), "the same letter");
        }
        assertEquals((await kept()).length, 1, "a GET writes no document");
        assertEquals((await issued()).length, 1, "nor an audit row");

        // New content (the member's name changed) is a new letter, issued by whoever asks first.
        await db.updateTable("users").set({ middle_name: "R" }).where("id", "=", member.id).execute();
        const renamed = await letter("admin");
        assertOk((await pdfText(renamed.bytes)).join(" ").includes("Mia R Test"), "the new name is on it");
        const after = await kept();
        assertEquals(after.length, 2);
        assertEquals(after[1].created_by_user_id, ctx.users.admin.id, "the admin's issue names the admin");
        assertEquals((await issued()).length, 2);
        await db.updateTable("users").set({ middle_name: "Q" }).where("id", "=", member.id).execute();
      },
    );

    await t.step("a new signing key leaves old letters genuine (the key id picks the key)", async () => {
      const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
      const rotated = await loadLetterKeys(ctx.database, await exportPKCS8(privateKey));
      assertOk(rotated.kid !== ctx.deps.letterKeys.kid);
      assertEquals((await verifyStatement(rotated, token))?.mem, "M-200001");
      const fresh = await signStatement(rotated, {
        sub: String(member.id),
        mem: "M-200001",
        cov_from: coverageFrom,
        cov_to: coverageTo,
        st: "active",
      }, ctx.deps.now());
      // The running server learns the new key from the database on first sight of its kid.
      const body = await (await ctx.request(null, "GET", `/api/compliance/verify/${fresh}`)).json();
      assertEquals(body.genuine, true);
      const { keys } = await (await ctx.request(null, "GET", "/api/compliance/public-keys")).json();
      assertEquals(
        keys.map((k: { kid: string }) => k.kid).sort(),
        [ctx.deps.letterKeys.kid, rotated.kid].sort(),
      );
    });
  } finally {
    await ctx.close();
  }
});
