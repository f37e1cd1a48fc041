/**
 * Human checks on public forms. One interface, two implementations chosen by configuration: Google reCAPTCHA
 * v2 when both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set, otherwise a development captcha whose
 * widget produces one fixed token. The messages are the specification's (§5 Account).
 */
import type { Config } from "../../config.ts";
import { invalid } from "../../lib/errors.ts";
import { developmentCaptcha } from "./development.ts";
import { recaptcha } from "./recaptcha.ts";

export const CAPTCHA_MESSAGES = {
  required: "Recaptcha is required",
  network: "Recaptcha network error",
  expired: "Recaptcha value expired",
  failed: "Recaptcha verification failed. Please try again.",
} as const;

export type CaptchaResult = { ok: true } | { ok: false; message: string };

/** What the web needs to render the matching widget (served by GET /api/config/public). */
export type CaptchaWidget = { provider: "recaptcha"; site_key: string } | { provider: "development" };

export interface Captcha {
  readonly widget: CaptchaWidget;
  verify(token: string, ip: string): Promise<CaptchaResult>;
}

/** The captcha the configuration asks for; half a reCAPTCHA configuration is refused rather than guessed. */
export function createCaptcha(config: Config, fetchFn: typeof fetch = fetch): Captcha {
  const { recaptchaSiteKey: siteKey, recaptchaSecretKey: secretKey } = config;
  if (siteKey && secretKey) return recaptcha({ siteKey, secretKey }, fetchFn);
  if (siteKey || secretKey) {
    throw new Error(
      "Set both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY, or neither (development captcha).",
    );
  }
  return developmentCaptcha();
}

/** Verifies the form's captcha token; a failure is a 422 on the `recaptcha` field with the spec's message. */
export async function requireCaptcha(captcha: Captcha, token: string, ip: string): Promise<void> {
  const result = await captcha.verify(token, ip);
  if (!result.ok) throw invalid("recaptcha", result.message);
}
