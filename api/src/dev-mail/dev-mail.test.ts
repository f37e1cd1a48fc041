import { createApp } from "../app.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { linkify } from "./page.ts";

Deno.test("dev mail: the outbox as a page and as JSON, outside production only", async (t) => {
  const ctx = await createTestContext();
  try {
    await ctx.deps.mailer.send({ to: "first@test.local", subject: "First", text: "Hello" });
    await ctx.deps.mailer.send({
      to: "second@test.local",
      subject: "Second <b>bold</b>",
      text: "Open http://localhost:8000/reset-password/abc_DEF-1 now.\nSecond line & more",
    });

    await t.step("JSON: newest first, with what the web needs", async () => {
      const res = await ctx.request(null, "GET", "/api/dev/mail");
      assertEquals(res.status, 200);
      const { data } = await res.json();
      assertEquals(data.map((m: { subject: string }) => m.subject), ["Second <b>bold</b>", "First"]);
      assertEquals(data[1].to, "first@test.local");
      assertEquals(data[1].text, "Hello");
      assertEquals(data[1].status, "sent");
      assertOk(!Number.isNaN(Date.parse(data[1].created_at)));
    });

    await t.step("page: accessible HTML with escaped text and clickable links", async () => {
      const res = await ctx.app.request("/dev/mail");
      assertEquals(res.status, 200);
      assertMatch(res.headers.get("Content-Type") ?? "", /^text\/html/);
      const html = await res.text();
      assertMatch(html, /<html lang="en">/);
      assertMatch(html, /<title>Development mailbox · APCA<\/title>/);
      assertMatch(html, /<h1>Development mailbox<\/h1>/);
      assertMatch(html, /<h2 id="mail-\d+">Second &lt;b&gt;bold&lt;\/b&gt;<\/h2>/);
      assertOk(!html.includes("<b>bold</b>"), "subjects are escaped");
      assertMatch(
        html,
        /<a href="http:\/\/localhost:8000\/reset-password\/abc_DEF-1">http:\/\/localhost:8000\/reset-password\/abc_DEF-1<\/a> now\./,
      );
      assertMatch(html, /Second line &amp; more/);
      assertOk(html.indexOf("Second &lt;b&gt;") < html.indexOf(">First</h2>"), "newest first");
      assertOk(!/<script|<link|src=/.test(html), "no scripts or external assets");
    });

    await t.step("links are made only from http(s) URLs, and quotes cannot break out", () => {
      assertEquals(linkify('javascript:alert(1) "x"'), "javascript:alert(1) &quot;x&quot;");
      assertEquals(
        linkify('see https://a.test/x"onmouseover=1'),
        'see <a href="https://a.test/x">https://a.test/x</a>&quot;onmouseover=1',
      );
    });

    await t.step("roles: public outside production", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/dev/mail",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });

    await t.step("production: both answer 404 (the page is not swallowed by the web app)", async () => {
      const production = createApp({ ...ctx.deps, config: { ...ctx.deps.config, production: true } });
      const api = await production.request("/api/dev/mail");
      assertEquals(api.status, 404);
      assertEquals(await api.json(), {
        error: "There is no endpoint GET /api/dev/mail.",
        code: "ROUTE_NOT_FOUND",
      });
      const page = await production.request("/dev/mail");
      assertEquals(page.status, 404);
      assertOk(!(await page.text()).includes("second@test.local"));
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("dev mail: attachments are listed with a download link (a receipt's PDF, say)", async () => {
  const ctx = await createTestContext();
  try {
    const pdf = new TextEncoder().encode("%PDF-1.4 a receipt");
    await ctx.deps.mailer.send({
      to: "payer@test.local",
      subject: "Your receipt",
      text: "Attached.",
      attachments: [{ filename: "receipt-APCA-1.pdf", content_type: "application/pdf", content: pdf }],
    });
    const { data } = await (await ctx.request(null, "GET", "/api/dev/mail")).json();
    const [file] = data[0].attachments;
    assertEquals([file.filename, file.content_type, file.size], [
      "receipt-APCA-1.pdf",
      "application/pdf",
      pdf.length,
    ]);
    const html = await (await ctx.app.request("/dev/mail")).text();
    assertOk(
      html.includes(`<a href="/dev/mail/attachments/${file.id}" download="receipt-APCA-1.pdf">`),
      html,
    );
    const res = await ctx.app.request(`/dev/mail/attachments/${file.id}`);
    assertEquals([res.status, res.headers.get("Content-Type")], [200, "application/pdf"]);
    assertEquals(new Uint8Array(await res.arrayBuffer()), pdf);
    const missing = await ctx.app.request("/dev/mail/attachments/999999");
    assertEquals(missing.status, 404);
    await missing.body?.cancel();
  } finally {
    await ctx.close();
  }
});
