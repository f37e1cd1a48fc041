/**
 * Authenticator secrets at rest (decision 0067): sealed with the key and bound to their user; a secret stored
 * before sealing is sealed at start and its codes still work.
 */
import { createTestContext } from "../../testing/app.ts";
import { assertEquals, assertOk } from "../../testing/assert.ts";
import { withDatabase } from "../../testing/db.ts";
import {
  isSealed,
  loadTotpKey,
  openTotpSecret,
  sealLegacyTotpSecrets,
  sealTotpSecret,
} from "./secret-box.ts";
import { totpCode } from "./totp.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const keyOf = (byte: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(byte)));

Deno.test("a sealed secret opens only with its key and for its user", async () => {
  await withDatabase(async (database) => {
    const key = await loadTotpKey(database, keyOf(1));
    const other = await loadTotpKey(database, keyOf(2));
    const sealed = await sealTotpSecret(key, 7, SECRET);
    assertOk(isSealed(sealed));
    assertOk(!sealed.includes(SECRET));
    assertOk(await sealTotpSecret(key, 7, SECRET) !== sealed, "a fresh IV each time");
    assertEquals(await openTotpSecret(key, 7, sealed), SECRET);
    assertEquals(await openTotpSecret(key, 8, sealed), null, "copied onto another user's row");
    assertEquals(await openTotpSecret(other, 7, sealed), null, "another key");
    assertEquals(await openTotpSecret(key, 7, SECRET), SECRET, "a value stored before sealing");
  });
});

Deno.test("without SECOND_FACTOR_KEY one key is generated, kept and found again", async () => {
  await withDatabase(async (database) => {
    const first = await loadTotpKey(database);
    const again = await loadTotpKey(database);
    assertEquals(await openTotpSecret(again, 3, await sealTotpSecret(first, 3, SECRET)), SECRET);
  });
});

Deno.test("a secret stored before sealing is sealed at start, and its codes still verify", async () => {
  const clock = new Date("2026-11-27T04:30:00.000Z");
  const ctx = await createTestContext({ now: () => clock });
  try {
    const { db } = ctx.database;
    const member = ctx.users.member.id;
    await db.insertInto("user_second_factors")
      .values({ user_id: member, kind: "totp", label: "Old phone", totp_secret: SECRET }).execute();
    assertEquals(await sealLegacyTotpSecrets(ctx.database, ctx.deps.totpKey), 1);
    assertEquals(await sealLegacyTotpSecrets(ctx.database, ctx.deps.totpKey), 0, "once");
    const row = await db.selectFrom("user_second_factors").select("totp_secret")
      .where("user_id", "=", member).executeTakeFirstOrThrow();
    assertOk(isSealed(row.totp_secret!));

    const token = await ctx.tokenFor("member", { secondFactor: false });
    const verify = (code: string) =>
      ctx.app.request("/api/auth/second-factor/verify", {
        method: "POST",
        headers: { "Authorization": `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ method: "totp", code }),
      });
    const wrong = await verify(totpCode("KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU", clock));
    assertEquals(wrong.status, 422);
    await wrong.body?.cancel();
    const right = await verify(totpCode(SECRET, clock));
    assertEquals(right.status, 200);
    await right.body?.cancel();
  } finally {
    await ctx.close();
  }
});
