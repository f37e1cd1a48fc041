import { DEV_CAPTCHA_TOKEN } from "../integrations/captcha/development.ts";
import { fixedWindow } from "../lib/rate-limit.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { CONTACT_MESSAGES } from "./schemas.ts";

const message = {
  name: "Sam Mariner",
  email: "sam@example.com",
  phone: "+1 (504) 555-0100",
  message: "Does my periodic test count toward random enrolment?\nThanks, Sam",
  recaptcha: DEV_CAPTCHA_TOKEN,
};

Deno.test("contact form: stored, mailed to the office, validated, captcha-checked, limited", async (t) => {
  const ctx = await createTestContext({ limits: { contactPerIp: fixedWindow(1000, 3600) } });
  const send = (body: unknown) => ctx.request(null, "POST", "/api/contact", body);
  const rows = () => ctx.database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
  const officeMails = () =>
    ctx.database.db.selectFrom("email_outbox").select(["subject", "text_body", "html_body"])
      .where("to_address", "=", ctx.deps.config.officeEmail).orderBy("id").execute();
  try {
    await t.step("happy path: 201, a row, and a mail to the office", async () => {
      assertEquals(ctx.deps.config.officeEmail, "office@apca.local", "the default office address");
      const res = await send(message);
      assertEquals(res.status, 201);
      const body = await res.json();
      assertEquals(body.message, CONTACT_MESSAGES.sent);
      const [row] = await rows();
      assertEquals(row.id, body.id);
      assertEquals(
        [row.name, row.email, row.phone, row.message, row.handled_at],
        [message.name, message.email, message.phone, message.message, null],
      );
      const [mail] = await officeMails();
      assertEquals(mail.subject, `Contact form #${body.id}: Sam Mariner`);
      assertOk(mail.text_body.includes("Email: sam@example.com"));
      assertOk(mail.text_body.includes("Phone: +1 (504) 555-0100"));
      assertOk(mail.text_body.endsWith(message.message));
    });

    await t.step("phone is optional; text is trimmed; the mail's HTML is escaped", async () => {
      const res = await send({
        ...message,
        phone: "",
        name: "  <b>Eve</b>  ",
        message: " <script>x</script> ",
      });
      assertEquals(res.status, 201);
      const row = (await rows()).at(-1)!;
      assertEquals([row.name, row.phone, row.message], ["<b>Eve</b>", null, "<script>x</script>"]);
      const mail = (await officeMails()).at(-1)!;
      assertOk(!mail.html_body?.includes("<script>"));
      assertOk(mail.html_body?.includes("&lt;script&gt;"));
    });

    await t.step("validation: the form's messages, per field", async () => {
      const empty = await send({});
      assertEquals(empty.status, 422);
      const body = await empty.json();
      assertEquals(body.code, "VALIDATION_FAILED");
      assertEquals(body.issues, [
        { path: "name", message: "Name is required!" },
        { path: "email", message: "Email is required!" },
        { path: "message", message: "Message is required!" },
        { path: "recaptcha", message: "Recaptcha is required" },
      ]);
      const bad = await (await send({ ...message, email: "nope", phone: "12345" })).json();
      assertEquals(bad.issues, [
        { path: "email", message: "Please enter a valid email address" },
        { path: "phone", message: "Please enter a valid phone number" },
      ]);
      const long = await (await send({ ...message, message: "x".repeat(5001) })).json();
      assertEquals(long.issues, [{ path: "message", message: "Message must be at most 5000 characters" }]);
      assertEquals((await rows()).length, 2, "nothing stored for refused input");
    });

    await t.step("a failed captcha stores and mails nothing", async () => {
      const res = await send({ ...message, recaptcha: "not-the-widget-token" });
      assertEquals(res.status, 422);
      assertEquals((await res.json()).issues, [
        { path: "recaptcha", message: "Recaptcha verification failed. Please try again." },
      ]);
      assertEquals((await rows()).length, 2);
      assertEquals((await officeMails()).length, 2);
    });

    await t.step("roles: public, every caller alike", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/contact",
        body: () => message,
        expect: { anonymous: 201, member: 201, otherMember: 201, otherDer: 201, admin: 201, der: 201 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("contact form: limited per address, with Retry-After", async () => {
  const ctx = await createTestContext({ limits: { contactPerIp: fixedWindow(2, 3600) } });
  try {
    const send = () => ctx.request(null, "POST", "/api/contact", message);
    assertEquals((await send()).status, 201);
    assertEquals((await send()).status, 201);
    const limited = await send();
    assertEquals(limited.status, 429);
    assertEquals((await limited.json()).code, "RATE_LIMITED");
    assertOk(Number(limited.headers.get("Retry-After")) > 0);
    const stored = await ctx.database.db.selectFrom("contact_messages").select("id").execute();
    assertEquals(stored.length, 2);
  } finally {
    await ctx.close();
  }
});
