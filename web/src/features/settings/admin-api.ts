/** The administrators' Settings (decision 0075): prices and the renewal notice days. */
import type { AdminSettingsAnswer, AdminSettingsChangeAnswer, AdminSettingsRequest } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export const settingsKey = ["admin-settings"];

export type AdminSettings = AdminSettingsAnswer["data"];

export const fetchSettings = (signal: AbortSignal): Promise<AdminSettings> =>
  call("/auth/settings").GET({ signal }).then((a) => a.data);

export const saveSettings = (body: AdminSettingsRequest): Promise<AdminSettingsChangeAnswer> =>
  call("/auth/settings").PUT({ body });

/** The editable prices, in the form's order, with the words the screen and its confirmation use. */
export const PRICE_FIELDS = [
  ["annual_new_cents", "Annual membership, new member"],
  ["annual_renewal_cents", "Annual membership, renewal"],
  ["one_time_cents", "One-time drug test"],
  ["compliance_kit_cents", "Business compliance kit"],
] as const;

export type PriceField = (typeof PRICE_FIELDS)[number][0];
