import { createApp } from "../app.ts";
import { recaptcha } from "../integrations/captcha/recaptcha.ts";
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("public config: tells the web which captcha widget to render", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("without keys: the development widget", async () => {
      const res = await ctx.request(null, "GET", "/api/config/public");
      assertEquals(res.status, 200);
      assertEquals(await res.json(), {
        captcha: { provider: "development" },
        payments: { provider: "sandbox" },
        office: { phone: ctx.deps.config.officePhone, email: ctx.deps.config.officeEmail },
      });
    });

    await t.step("the office's phone and e-mail are the OFFICE_PHONE and OFFICE_EMAIL settings", async () => {
      const app = createApp({
        ...ctx.deps,
        config: { ...ctx.deps.config, officePhone: "(985) 876-5432", officeEmail: "desk@portal.example" },
      });
      const res = await app.request("/api/config/public");
      assertEquals((await res.json()).office, { phone: "(985) 876-5432", email: "desk@portal.example" });
    });

    await t.step("with keys: reCAPTCHA and its site key (never the secret)", async () => {
      const app = createApp({
        ...ctx.deps,
        captcha: recaptcha({ siteKey: "site-key-1", secretKey: "s3cret" }),
      });
      const res = await app.request("/api/config/public");
      const body = await res.text();
      assertEquals(JSON.parse(body).captcha, { provider: "recaptcha", site_key: "site-key-1" });
      assertEquals(body.includes("s3cret"), false);
    });

    await t.step("roles: public", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/config/public",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});
