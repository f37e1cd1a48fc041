import { loadConfig } from "../../config.ts";
import { assertEquals, assertMatch, assertOk } from "../../testing/assert.ts";
import { CAPTCHA_MESSAGES, createCaptcha } from "./captcha.ts";
import { DEV_CAPTCHA_TOKEN } from "./development.ts";
import { recaptcha, SITEVERIFY_URL } from "./recaptcha.ts";

const noKeys = { ...loadConfig(), recaptchaSiteKey: undefined, recaptchaSecretKey: undefined };
const keys = { siteKey: "site-key", secretKey: "secret-key" };

/** A fetch that records the request and answers with the given JSON (or throws). */
function fakeFetch(answer: unknown | Error, status = 200) {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fn = (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), body: new URLSearchParams(init?.body as URLSearchParams) });
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(new Response(JSON.stringify(answer), { status }));
  };
  return { fn: fn as typeof fetch, calls };
}

Deno.test("captcha: the development captcha accepts only its widget's token, and only without keys", async () => {
  const captcha = createCaptcha(noKeys);
  assertEquals(captcha.widget, { provider: "development" });
  assertEquals(await captcha.verify(DEV_CAPTCHA_TOKEN, "1.2.3.4"), { ok: true });
  assertEquals(await captcha.verify("anything-else", "1.2.3.4"), {
    ok: false,
    message: CAPTCHA_MESSAGES.failed,
  });
  assertEquals(await captcha.verify("", "1.2.3.4"), { ok: false, message: "Recaptcha is required" });

  const configured = createCaptcha(
    { ...noKeys, recaptchaSiteKey: "s", recaptchaSecretKey: "k" },
    fakeFetch({ success: false, "error-codes": ["invalid-input-response"] }).fn,
  );
  assertEquals(configured.widget, { provider: "recaptcha", site_key: "s" });
  assertEquals((await configured.verify(DEV_CAPTCHA_TOKEN, "1.2.3.4")).ok, false);
});

Deno.test("captcha: half a reCAPTCHA configuration refuses to start", () => {
  for (const half of [{ recaptchaSiteKey: "s" }, { recaptchaSecretKey: "k" }]) {
    let error: unknown;
    try {
      createCaptcha({ ...noKeys, ...half });
    } catch (e) {
      error = e;
    }
    assertOk(error instanceof Error);
    assertMatch(error.message, /RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY/);
  }
});

Deno.test("captcha: reCAPTCHA asks siteverify and maps its answers to the specification's messages", async (t) => {
  await t.step("success posts secret, response and remote ip", async () => {
    const fetch = fakeFetch({ success: true });
    assertEquals(await recaptcha(keys, fetch.fn).verify("widget-token", "203.0.113.7"), { ok: true });
    assertEquals(fetch.calls.length, 1);
    assertEquals(fetch.calls[0].url, SITEVERIFY_URL);
    assertEquals(Object.fromEntries(fetch.calls[0].body), {
      secret: "secret-key",
      response: "widget-token",
      remoteip: "203.0.113.7",
    });
  });

  const cases: [string, unknown, number, string][] = [
    [
      "an expired or reused token",
      { success: false, "error-codes": ["timeout-or-duplicate"] },
      200,
      "Recaptcha value expired",
    ],
    [
      "a missing response",
      { success: false, "error-codes": ["missing-input-response"] },
      200,
      "Recaptcha is required",
    ],
    [
      "a wrong answer",
      { success: false, "error-codes": ["invalid-input-response"] },
      200,
      CAPTCHA_MESSAGES.failed,
    ],
    [
      "a wrong secret (our fault)",
      { success: false, "error-codes": ["invalid-input-secret"] },
      200,
      "Recaptcha network error",
    ],
    ["an HTTP error", {}, 503, "Recaptcha network error"],
    ["no network", new TypeError("error sending request"), 200, "Recaptcha network error"],
  ];
  for (const [name, answer, status, message] of cases) {
    await t.step(`${name} answers '${message}'`, async () => {
      const result = await recaptcha(keys, fakeFetch(answer, status).fn).verify("widget-token", "local");
      assertEquals(result, { ok: false, message });
    });
  }

  await t.step("an empty token is refused without calling Google", async () => {
    const fetch = fakeFetch({ success: true });
    assertEquals(await recaptcha(keys, fetch.fn).verify("", "1.2.3.4"), {
      ok: false,
      message: "Recaptcha is required",
    });
    assertEquals(fetch.calls.length, 0);
  });

  await t.step("a hanging siteverify is cut off by the timeout", async () => {
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    assertEquals(await recaptcha(keys, hanging, 50).verify("t", "1.2.3.4"), {
      ok: false,
      message: "Recaptcha network error",
    });
  });
});
