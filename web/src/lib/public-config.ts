/**
 * Settings the server publishes before sign-in (GET /api/config/public): which captcha widget and which card
 * form to render. Fetched once per page load and shared.
 */
import { api } from "./api.ts";

export type CaptchaConfig = { provider: "recaptcha"; site_key: string } | { provider: "development" };
export type PaymentsConfig = { provider: "stripe"; publishable_key: string } | { provider: "sandbox" };

export interface PublicConfig {
  captcha: CaptchaConfig;
  /** Absent until the payments adapter publishes it; treat as the sandbox. */
  payments?: PaymentsConfig;
}

let config: Promise<PublicConfig> | undefined;

export function publicConfig(): Promise<PublicConfig> {
  config ??= api<PublicConfig>("/config/public", { redirectOn401: false }).catch((error) => {
    config = undefined; // let the next caller retry after a network failure
    throw error;
  });
  return config;
}
