/**
 * The development captcha: its widget (in the web app) hands over one fixed token once ticked. It is only
 * built when no reCAPTCHA keys are configured, so it can never stand in for a configured real captcha.
 */
import { type Captcha, CAPTCHA_MESSAGES } from "./captcha.ts";

export const DEV_CAPTCHA_TOKEN = "dev-captcha-ok";

export function developmentCaptcha(): Captcha {
  return {
    widget: { provider: "development" },
    verify(token) {
      if (!token) return Promise.resolve({ ok: false, message: CAPTCHA_MESSAGES.required });
      return Promise.resolve(
        token === DEV_CAPTCHA_TOKEN ? { ok: true } : { ok: false, message: CAPTCHA_MESSAGES.failed },
      );
    },
  };
}
