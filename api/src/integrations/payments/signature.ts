/**
 * Stripe's webhook signature scheme, used by both processors: `Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 of `${t}.${rawBody}` with the endpoint's secret. A timestamp more than the tolerance
 * away from now is refused, so a captured request cannot be replayed later.
 */
import { WebhookSignatureError } from "./payments.ts";

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The header value Stripe would send for this body (for tests and development tools). */
export async function signPayload(secret: string, rawBody: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${rawBody}`)}`;
}

/** Throws `WebhookSignatureError` unless the header signs `rawBody` with `secret` within the tolerance. */
export async function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Promise<void> {
  if (!header) throw new WebhookSignatureError("No Stripe-Signature header.");
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === "t" && /^\d+$/.test(v ?? "")) t = Number(v);
    if (k === "v1" && v) signatures.push(v);
  }
  if (t === undefined || signatures.length === 0) {
    throw new WebhookSignatureError("The Stripe-Signature header is malformed.");
  }
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) {
    throw new WebhookSignatureError("The signature's timestamp is outside the tolerance.");
  }
  const expected = await hmacHex(secret, `${t}.${rawBody}`);
  if (!signatures.some((s) => equalInConstantTime(s, expected))) {
    throw new WebhookSignatureError("The signature does not match.");
  }
}

/** Parses a verified body into an event, refusing anything that is not shaped like one. */
export function parseEvent(rawBody: string) {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError("The webhook body is not JSON.");
  }
  const e = event as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  if (
    typeof e?.id !== "string" || typeof e.type !== "string" || typeof e.data?.object !== "object" ||
    e.data.object === null
  ) {
    throw new WebhookSignatureError("The webhook body is not an event.");
  }
  return e as { id: string; type: string; created?: number; data: { object: Record<string, unknown> } };
}
