/** The Settings form's text and the request and confirmation made of it (decision 0075). */
import type { AdminSettingsRequest } from "@api/contract";
import { dollarsToCents, formatMoney } from "../../lib/money.ts";
import { type AdminSettings, PRICE_FIELDS } from "./admin-api.ts";

export type Text = Record<EditableField, string>;
export type EditableField =
  | (typeof PRICE_FIELDS)[number][0]
  | "renewal_notice_days"
  | "roster_confirmation_months";

/** How often each DER is asked to confirm the crew list (decision 0087). */
export const ROSTER_SCHEDULES: [number, string][] = [
  [1, "Every month"],
  [3, "Every quarter"],
  [6, "Every six months"],
  [12, "Every year"],
];

export const asText = (s: AdminSettings): Text => ({
  ...Object.fromEntries(PRICE_FIELDS.map(([field]) => [field, (s[field] / 100).toFixed(2)])) as Text,
  renewal_notice_days: String(s.renewal_notice_days),
  roster_confirmation_months: String(s.roster_confirmation_months),
});

/**
 * The request for what was typed. What does not read as dollars or days goes as typed, and the server's
 * validation answers it with the field's message (one wording, the server's).
 */
export function request(text: Text, updatedAt: string): AdminSettingsRequest {
  const prices = Object.fromEntries(
    PRICE_FIELDS.map(([field]) => [field, dollarsToCents(text[field]) ?? text[field]]),
  );
  const days = text.renewal_notice_days.trim();
  return {
    ...prices,
    renewal_notice_days: /^\d{1,3}$/.test(days) ? Number(days) : days,
    roster_confirmation_months: Number(text.roster_confirmation_months),
    updated_at: updatedAt,
  } as AdminSettingsRequest;
}

/** Each change a save would make, in words: "One-time drug test: $75.00 → $80.00". */
export function changes(s: AdminSettings, body: AdminSettingsRequest): string[] {
  const out: string[] = [];
  for (const [field, label] of PRICE_FIELDS) {
    const next = body[field];
    if (next !== s[field] && typeof next === "number") {
      out.push(`${label}: ${formatMoney(s[field], { cents: true })} → ${formatMoney(next, { cents: true })}`);
    }
  }
  if (body.renewal_notice_days !== s.renewal_notice_days && typeof body.renewal_notice_days === "number") {
    out.push(`Renewal notice: ${s.renewal_notice_days} → ${body.renewal_notice_days} days before`);
  }
  const months = body.roster_confirmation_months;
  if (months !== undefined && months !== s.roster_confirmation_months) {
    const words = (n: number) =>
      ROSTER_SCHEDULES.find(([m]) => m === n)?.[1].toLowerCase() ?? `every ${n} months`;
    out.push(`Crew list confirmation: ${words(s.roster_confirmation_months)} → ${words(months)}`);
  }
  return out;
}
