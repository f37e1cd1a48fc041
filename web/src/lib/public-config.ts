/**
 * Settings the server publishes before sign-in (GET /api/config/public): which captcha widget and which card
 * form to render. Fetched once per page load and shared.
 */
import type { PublicConfig } from "@api/contract";
import { call } from "./typed-api.ts";

export type CaptchaConfig = PublicConfig["captcha"];
export type PaymentsConfig = PublicConfig["payments"];

let config: Promise<PublicConfig> | undefined;

export function publicConfig(): Promise<PublicConfig> {
  config ??= call("/config/public").GET({ redirectOn401: false }).catch((error) => {
    config = undefined; // let the next caller retry after a network failure
    throw error;
  });
  return config;
}
