import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { addCard, confirmCard, requestAs } from "../testing/cards.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

const METHODS = "/api/auth/account/payment-methods";

type Card = { id: number; attributes: { default: boolean } };
const summary = (data: Card[]) => data.map((c) => [c.id, c.attributes.default]);

async function defaults(ctx: TestContext, userId: number) {
  return (await ctx.database.db.selectFrom("payment_methods").select("id")
    .where("user_id", "=", userId).where("is_default", "=", true).where("deleted_at", "is", null).execute())
    .map((r) => r.id);
}

Deno.test("payment methods: make default and remove, own cards only", async (t) => {
  const ctx = await createTestContext();
  try {
    const member = await ctx.tokenFor("member");
    const first = await addCard(ctx, member);
    const second = await addCard(ctx, member, "5555555555554444");
    const third = await addCard(ctx, member, "4000056655665556");

    await t.step("making a card the default leaves exactly one default", async () => {
      const res = await requestAs(ctx, member, "PUT", `${METHODS}/${second}/default`);
      assertEquals(res.status, 200);
      const { data } = await res.json();
      assertEquals([data.id, data.type, data.attributes.default], [second, "payment_method", true]);
      assertEquals(await defaults(ctx, ctx.users.member.id), [second]);
      const list = (await (await requestAs(ctx, member, "GET", METHODS)).json()).data;
      assertEquals(summary(list), [[second, true], [third, false], [first, false]]);
    });

    await t.step("making the default the default again changes nothing", async () => {
      const res = await requestAs(ctx, member, "PUT", `${METHODS}/${second}/default`);
      assertEquals(res.status, 200);
      assertEquals(await defaults(ctx, ctx.users.member.id), [second]);
    });

    await t.step("concurrent default changes still leave exactly one default", async () => {
      const answers = await Promise.all(
        [first, third, first, third].map((id) => requestAs(ctx, member, "PUT", `${METHODS}/${id}/default`)),
      );
      assertEquals(answers.map((r) => r.status), [200, 200, 200, 200]);
      await Promise.all(answers.map((r) => r.body?.cancel()));
      assertEquals((await defaults(ctx, ctx.users.member.id)).length, 1);
      await requestAs(ctx, member, "PUT", `${METHODS}/${second}/default`).then((r) => r.body?.cancel());
    });

    await t.step("removing a card that is not the default keeps the default", async () => {
      const res = await requestAs(ctx, member, "DELETE", `${METHODS}/${first}`);
      assertEquals(res.status, 200);
      assertEquals(summary((await res.json()).data), [[second, true], [third, false]]);
      const row = await ctx.database.db.selectFrom("payment_methods").select(["deleted_at", "provider_ref"])
        .where("id", "=", first).executeTakeFirstOrThrow();
      assertOk(row.deleted_at, "soft deleted");
      const processor = await ctx.database.db.selectFrom("sandbox_payment_methods").select("customer_ref")
        .where("id", "=", row.provider_ref).executeTakeFirstOrThrow();
      assertEquals(processor.customer_ref, "detached");
    });

    await t.step("a removed card is gone: 404 to remove again or to make default", async () => {
      assertEquals((await requestAs(ctx, member, "DELETE", `${METHODS}/${first}`)).status, 404);
      assertEquals((await requestAs(ctx, member, "PUT", `${METHODS}/${first}/default`)).status, 404);
    });

    await t.step("removing the default promotes the most recent remaining card", async () => {
      const fourth = await addCard(ctx, member, "4000002500003155");
      const res = await requestAs(ctx, member, "DELETE", `${METHODS}/${second}`);
      assertEquals(summary((await res.json()).data), [[fourth, true], [third, false]]);
      await requestAs(ctx, member, "DELETE", `${METHODS}/${fourth}`).then((r) => r.body?.cancel());
      const last = await requestAs(ctx, member, "DELETE", `${METHODS}/${third}`);
      assertEquals((await last.json()).data, [], "no card left, so no default");
      const again = await addCard(ctx, member);
      const list = (await (await requestAs(ctx, member, "GET", METHODS)).json()).data;
      assertEquals(summary(list), [[again, true]], "the next card saved is the default again");
    });

    await t.step("a failure to detach at the processor does not undo the removal", async () => {
      const { payments } = ctx.deps;
      const detach = payments.detachPaymentMethod;
      payments.detachPaymentMethod = () => Promise.reject(new Error("processor down"));
      try {
        const id = await addCard(ctx, member);
        const res = await requestAs(ctx, member, "DELETE", `${METHODS}/${id}`);
        assertEquals(res.status, 200);
        assertOk(!(await res.json()).data.some((c: Card) => c.id === id));
      } finally {
        payments.detachPaymentMethod = detach;
      }
    });

    await t.step("roles: own cards only, another user's card is a 404", async () => {
      const mine = await addCard(ctx, member);
      for (
        const [method, path] of [["PUT", `${METHODS}/${mine}/default`], ["DELETE", `${METHODS}/${mine}`]]
      ) {
        await assertRoleAnswers(ctx, {
          method,
          path,
          expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
        });
      }
    });

    await t.step("a path id that is not an id is a 422", async () => {
      const res = await requestAs(ctx, member, "PUT", `${METHODS}/abc/default`);
      assertEquals(res.status, 422);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("payment methods: administrators manage a user's cards", async (t) => {
  const ctx = await createTestContext();
  try {
    const admin = await ctx.tokenFor("admin");
    const memberId = ctx.users.member.id;
    const base = `/api/auth/user/${memberId}`;

    let saved = 0;
    await t.step("set-up secret for the user, then the confirmed card is saved as theirs", async () => {
      const intent = await requestAs(ctx, admin, "GET", `${base}/payment-intent`);
      assertEquals(intent.status, 200);
      const { secret } = await intent.json();
      const confirm = await requestAs(ctx, null, "POST", "/api/payments/sandbox/setup-intents/confirm", {
        client_secret: secret,
        card_number: TEST_CARDS.success,
        exp: "12/40",
        cvc: "123",
        zip: "70112",
      });
      const { setup_intent_id } = await confirm.json();
      const res = await requestAs(ctx, admin, "POST", `${base}/payment-methods`, { setup_intent_id });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      saved = data.id;
      assertEquals(data.attributes.default, true);
      const owner = await ctx.database.db.selectFrom("payment_methods").select("user_id")
        .where("id", "=", saved).executeTakeFirstOrThrow();
      assertEquals(owner.user_id, memberId);
    });

    await t.step("an intent of another user cannot be saved for this one", async () => {
      const otherIntent = await confirmCard(ctx, await ctx.tokenFor("otherMember"));
      const res = await requestAs(ctx, admin, "POST", `${base}/payment-methods`, {
        setup_intent_id: otherIntent,
      });
      assertEquals(res.status, 404);
    });

    await t.step("list, make default, remove", async () => {
      const other = await addCard(ctx, await ctx.tokenFor("member"), "5555555555554444");
      const listed = await (await requestAs(ctx, admin, "GET", `${base}/payment-methods`)).json();
      assertEquals(summary(listed.data), [[saved, true], [other, false]]);
      const made = await requestAs(ctx, admin, "PUT", `${base}/payment-methods/${other}/default`);
      assertEquals([made.status, (await made.json()).data.attributes.default], [200, true]);
      const removed = await requestAs(ctx, admin, "DELETE", `${base}/payment-methods/${other}`);
      assertEquals(summary((await removed.json()).data), [[saved, true]]);
      const audit = await ctx.database.db.selectFrom("audit_log").select(["actor_user_id", "action"])
        .where("entity", "=", "payment_method").where("entity_id", "=", String(other))
        .where("action", "in", ["payment_method_made_default", "payment_method_removed"]).execute();
      assertEquals(audit.map((a) => a.actor_user_id), [ctx.users.admin.id, ctx.users.admin.id]);
    });

    await t.step("a card of another user, or an unknown user, is a 404", async () => {
      const theirs = await addCard(ctx, await ctx.tokenFor("otherMember"));
      assertEquals(
        (await requestAs(ctx, admin, "PUT", `${base}/payment-methods/${theirs}/default`)).status,
        404,
      );
      assertEquals((await requestAs(ctx, admin, "DELETE", `${base}/payment-methods/${theirs}`)).status, 404);
      for (const [method, path] of [["GET", "/payment-methods"], ["GET", "/payment-intent"]]) {
        assertEquals((await requestAs(ctx, admin, method, `/api/auth/user/999999${path}`)).status, 404);
      }
    });

    await t.step("roles: administrators only", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${base}/payment-intent`,
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${base}/payment-methods`,
        expect: adminOnly(200),
      });
      const intent = await confirmCard(ctx, await ctx.tokenFor("member"));
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `${base}/payment-methods`,
        body: () => ({ setup_intent_id: intent }),
        expect: adminOnly(201),
      });
      const card = await addCard(ctx, await ctx.tokenFor("member"));
      await assertRoleAnswers(ctx, {
        method: "PUT",
        path: `${base}/payment-methods/${card}/default`,
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "DELETE",
        path: `${base}/payment-methods/${card}`,
        expect: adminOnly(200),
      });
    });
  } finally {
    await ctx.close();
  }
});
