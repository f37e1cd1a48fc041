/**
 * Without PUBLIC_URL the site's address is the request's origin: a server reached on another port issues a
 * Letter of Compliance whose QR code and text open on that port (issue 16). Production refuses to start without
 * PUBLIC_URL, and with the office's placeholder phone number or e-mail address.
 */
import { addDays, coverageDay } from "./dates.ts";
import {
  loadConfig,
  PLACEHOLDER_OFFICE_EMAIL,
  PLACEHOLDER_OFFICE_PHONE,
  productionProblems,
} from "../config.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { pdfQrText, pdfText } from "../testing/pdf.ts";
import { requestOrigin } from "./site-url.ts";

Deno.test("the letter's QR code and text name the address the request came to", async (t) => {
  const ctx = await createTestContext();
  const { member } = ctx.users;
  ctx.deps.config.publicUrlFromRequest = true; // as when PUBLIC_URL is unset
  const day = (offset: number) => addDays(coverageDay(ctx.deps.now()), offset);
  await ctx.database.db.updateTable("users").set({ member_number: "M-300001" }).where("id", "=", member.id)
    .execute();
  await ctx.database.db.insertInto("memberships").values({
    user_id: member.id,
    type: "annual",
    starts_at: `${day(-10)}T12:00:00Z`,
    expire_at: day(355),
    price_cents: 10500,
  }).execute();
  const letterFrom = async (origin: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.request(`${origin}/api/auth/account/compliance-letter`, {
      headers: { Authorization: `Bearer ${await ctx.tokenFor("member")}`, ...headers },
    });
    assertEquals(res.status, 200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { qr: await pdfQrText(bytes), text: (await pdfText(bytes)).join(" ") };
  };

  try {
    await t.step("a server on port 18765 issues a letter that opens on port 18765", async () => {
      const { qr, text } = await letterFrom("http://127.0.0.1:18765");
      assertMatch(qr ?? "", /^http:\/\/127\.0\.0\.1:18765\/verify\/[\w-]+\.[\w-]+\.[\w-]+$/);
      assertOk(text.includes("127.0.0.1:18765"), text);
      assertOk(!text.includes("localhost:8000"), text);
    });

    await t.step("another address issues its own letter, not the first one's", async () => {
      const { qr } = await letterFrom("http://localhost:9123");
      assertMatch(qr ?? "", /^http:\/\/localhost:9123\/verify\//);
    });

    await t.step("behind a trusted proxy, the address the proxy was asked for", async () => {
      ctx.deps.config.trustProxy = true;
      try {
        const { qr } = await letterFrom("http://10.0.0.5:8000", {
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "portal.example.org",
        });
        assertMatch(qr ?? "", /^https:\/\/portal\.example\.org\/verify\//);
      } finally {
        ctx.deps.config.trustProxy = false;
      }
    });

    await t.step("with PUBLIC_URL set, that address whatever the request's origin", async () => {
      ctx.deps.config.publicUrlFromRequest = false;
      const { qr } = await letterFrom("http://127.0.0.1:18765");
      assertMatch(qr ?? "", new RegExp(`^${ctx.deps.config.publicUrl}/verify/`));
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("requestOrigin: forwarded headers only from a trusted proxy, and only a plain host", () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  const forwarded = headers({ "X-Forwarded-Proto": "https", "X-Forwarded-Host": "portal.example.org" });
  assertEquals(requestOrigin("http://127.0.0.1:8000/x", forwarded, false), "http://127.0.0.1:8000");
  assertEquals(requestOrigin("http://127.0.0.1:8000/x", forwarded, true), "https://portal.example.org");
  assertEquals(requestOrigin("http://a/x", headers({ Host: "evil.example/path?" }), false), undefined);
  assertEquals(requestOrigin("http://a/x", headers({ Host: "user@evil.example" }), false), undefined);
  assertEquals(requestOrigin("http://a/x", headers({ Host: "[::1]:8000" }), false), "http://[::1]:8000");
});

Deno.test("production refuses to start without PUBLIC_URL or SELLER_ADDRESS, or with the office's placeholders", () => {
  const base = { ...loadConfig(), production: true };
  const set = {
    publicUrl: "https://portal.example.org",
    publicUrlFromRequest: false,
    officePhone: "(985) 876-5432",
    officeEmail: "office@portal.example.org",
    sellerAddress: "APCA Consortium; 100 Harbor Way; Houma, LA 70360",
  };
  assertEquals(productionProblems({ ...base, ...set }), []);
  assertEquals(productionProblems({ ...base, ...set, production: false, publicUrlFromRequest: true }), []);
  const missing = productionProblems({ ...base, ...set, publicUrlFromRequest: true });
  assertEquals(missing.length, 1);
  assertMatch(missing[0], /^PUBLIC_URL is not set/);
  const placeholders = productionProblems({
    ...base,
    ...set,
    officePhone: PLACEHOLDER_OFFICE_PHONE,
    officeEmail: PLACEHOLDER_OFFICE_EMAIL,
  });
  assertEquals(placeholders.map((p) => p.split(" ")[0]), ["OFFICE_PHONE", "OFFICE_EMAIL"]);
  for (const sellerAddress of [undefined, "", " ; "]) {
    const noSeller = productionProblems({ ...base, ...set, sellerAddress });
    assertEquals(noSeller.map((p) => p.split(" ")[0]), ["SELLER_ADDRESS"], String(sellerAddress));
  }
});

Deno.test("a production server without PUBLIC_URL stops at start with the reason", async () => {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", main],
    env: { APP_ENV: "production", PUBLIC_URL: "", OFFICE_PHONE: "", OFFICE_EMAIL: "", PORT: "0" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assertEquals(code, 1);
  assertMatch(new TextDecoder().decode(stderr), /Refusing to start: PUBLIC_URL is not set/);
});
