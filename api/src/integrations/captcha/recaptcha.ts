/** Google reCAPTCHA v2: the token from the widget is checked with siteverify from the server. */
import { type Captcha, CAPTCHA_MESSAGES, type CaptchaResult } from "./captcha.ts";

export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

interface SiteverifyAnswer {
  success?: boolean;
  "error-codes"?: string[];
}

export function recaptcha(
  keys: { siteKey: string; secretKey: string },
  fetchFn: typeof fetch = fetch,
  timeoutMs = 5000,
): Captcha {
  return {
    widget: { provider: "recaptcha", site_key: keys.siteKey },
    async verify(token, ip): Promise<CaptchaResult> {
      if (!token) return { ok: false, message: CAPTCHA_MESSAGES.required };
      const form = new URLSearchParams({ secret: keys.secretKey, response: token });
      if (ip && ip !== "local") form.set("remoteip", ip);
      let answer: SiteverifyAnswer;
      try {
        const res = await fetchFn(SITEVERIFY_URL, {
          method: "POST",
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`siteverify answered HTTP ${res.status}`);
        }
        answer = await res.json();
      } catch (error) {
        console.error(
          JSON.stringify({ level: "error", event: "recaptcha_unreachable", error: String(error) }),
        );
        return { ok: false, message: CAPTCHA_MESSAGES.network };
      }
      if (answer.success === true) return { ok: true };
      const codes = answer["error-codes"] ?? [];
      if (codes.includes("timeout-or-duplicate")) return { ok: false, message: CAPTCHA_MESSAGES.expired };
      if (codes.includes("missing-input-response")) return { ok: false, message: CAPTCHA_MESSAGES.required };
      if (codes.some((c) => c.includes("secret") || c === "bad-request")) {
        // Our configuration is wrong, not the visitor's answer: say so in the log, and let them retry later.
        console.error(JSON.stringify({ level: "error", event: "recaptcha_misconfigured", codes }));
        return { ok: false, message: CAPTCHA_MESSAGES.network };
      }
      return { ok: false, message: CAPTCHA_MESSAGES.failed };
    },
  };
}
