import { assertEquals } from "../testing/assert.ts";
import { readSessionToken, signSessionToken } from "./tokens.ts";

const key = () =>
  crypto.subtle.importKey(
    "raw",
    crypto.getRandomValues(new Uint8Array(32)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [
      "sign",
      "verify",
    ],
  );

Deno.test("tokens: a remembered signature still expires, and another key never accepts it", async () => {
  const k = await key();
  const issued = new Date("2026-01-01T00:00:00Z");
  const sid = crypto.randomUUID();
  const token = await signSessionToken(k, { userId: 1, sessionId: sid }, issued);
  assertEquals(await readSessionToken(k, token, issued), sid);
  assertEquals(
    await readSessionToken(k, token, new Date("2026-01-01T23:59:00Z")),
    sid,
    "remembered, still valid",
  );
  assertEquals(
    await readSessionToken(k, token, new Date("2026-01-02T00:00:01Z")),
    null,
    "expired after one day",
  );
  assertEquals(await readSessionToken(await key(), token, issued), null, "a different key");
  // A character well inside the signature: the last one may carry only padding bits.
  const mid = token.length - 10;
  const tampered = token.slice(0, mid) + (token[mid] === "A" ? "B" : "A") + token.slice(mid + 1);
  assertEquals(await readSessionToken(k, tampered, issued), null, "a changed signature");
});
