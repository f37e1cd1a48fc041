/**
 * Every input the hostile-input review found reaching a 500 (issue 10, defect 4) now answers a 4xx in the error
 * model. The generated fuzz test (fuzz.test.ts) covers every operation at random; these are the named cases.
 */
import { memberPayload } from "../registration/test-payloads.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type Identity, type TestContext } from "../testing/app.ts";
import { addCard } from "../testing/cards.ts";
import { SAFE_INPUT_MESSAGES, unsafeStrings, unsafeText } from "./safe-input.ts";

const NUL = "a\u0000b";
const LONE = "\ud800x";

async function answer(
  ctx: TestContext,
  who: Identity | null,
  method: string,
  path: string,
  body?: unknown,
  headers?: HeadersInit,
) {
  const res = await ctx.request(who, method, path, body, headers);
  const json = await res.json();
  assertOk(
    typeof json.error === "string" && typeof json.code === "string",
    `error model: ${JSON.stringify(json)}`,
  );
  return {
    status: res.status,
    code: json.code as string,
    paths: (json.issues ?? []).map((i: { path: string }) => i.path),
  };
}

Deno.test("unsafeText finds NUL and unpaired surrogates, and nothing else", () => {
  assertEquals(unsafeText(NUL), SAFE_INPUT_MESSAGES.nul);
  assertEquals(unsafeText(LONE), SAFE_INPUT_MESSAGES.unpaired);
  assertEquals(unsafeText("x\udfff"), SAFE_INPUT_MESSAGES.unpaired);
  assertEquals(unsafeText("😀 ünïcødé, \\u0000 as typed"), null);
  assertEquals(
    unsafeStrings({ a: [{ b: NUL }], ok: "fine", [`k${NUL}`]: 1 }).map((i) => i.path).sort(),
    ["", "a.0.b"],
  );
  // Deeply nested bodies are walked without recursion.
  let deep: unknown = NUL;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  assertEquals(unsafeStrings(deep).length, 1);
});

Deno.test("hostile input answers 4xx in the error model, never 500", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("registration: NUL or a lone surrogate in names and addresses", async () => {
      for (const field of ["first_name", "last_name", "address_one", "city"]) {
        for (const bad of [NUL, LONE]) {
          const res = await answer(
            ctx,
            null,
            "POST",
            "/api/register/member/account",
            memberPayload({ [field]: bad }),
          );
          assertEquals([res.status, res.code, res.paths], [422, "VALIDATION_FAILED", [field]], field);
        }
      }
    });

    await t.step("a JSON body of null, an array, a number or a string is a 422", async () => {
      for (const body of ["null", "[]", "[{}]", "42", '"text"', "true"]) {
        const res = await answer(ctx, null, "POST", "/api/register/member/account", body);
        assertEquals([res.status, res.code], [422, "VALIDATION_FAILED"], body);
      }
      const malformed = await answer(ctx, null, "POST", "/api/register/member/account", "{");
      assertEquals([malformed.status, malformed.code], [400, "MALFORMED_JSON"]);
    });

    await t.step("an id past int4 is a 422 on the field, in bodies and paths", async () => {
      const big = 2_147_483_648;
      for (
        const [path, body] of [
          ["/api/register/member/membership", { payment_method_id: big, is_annual: true }],
          ["/api/auth/account/membership", { payment_method_id: big, is_annual: true }],
          ["/api/auth/account/order/purchase", { payment_method_id: big, items: [{ id: 1, quantity: 1 }] }],
          ["/api/auth/account/order/purchase", { payment_method_id: 1, items: [{ id: big, quantity: 1 }] }],
        ] as const
      ) {
        const res = await answer(ctx, "member", "POST", path, body);
        assertEquals([res.status, res.code], [422, "VALIDATION_FAILED"], `${path} ${JSON.stringify(body)}`);
      }
      const res = await answer(ctx, "admin", "GET", `/api/auth/user/${big}`);
      assertEquals([res.status, res.paths], [422, ["id"]]);
      const page = await answer(ctx, "admin", "GET", `/api/auth/users?page=${big}`);
      assertEquals([page.status, page.paths], [422, ["page"]]);
    });

    await t.step("NUL in payment fields, item fields, search and the order number", async () => {
      const cases: [Identity | null, string, string, unknown][] = [
        ["member", "POST", "/api/auth/account/payment-methods", { setup_intent_id: NUL }],
        [null, "POST", "/api/payments/sandbox/setup-intents/confirm", {
          client_secret: NUL,
          card_number: "4242424242424242",
          exp: "12/30",
          cvc: "123",
          zip: "70112",
        }],
        ["admin", "POST", "/api/auth/items", { name: NUL, cost_cents: 100 }],
        ["admin", "POST", "/api/auth/items", { name: "Form", description: LONE, cost_cents: 100 }],
        ["admin", "GET", "/api/auth/users?search=a%00b", undefined],
        ["member", "GET", "/api/auth/account/orders/by-number/a%00b", undefined],
        ["member", "GET", "/api/auth/account/orders/by-number/%00", undefined],
      ];
      for (const [who, method, path, body] of cases) {
        const res = await answer(ctx, who, method, path, body);
        assertEquals([res.status, res.code], [422, "VALIDATION_FAILED"], `${method} ${path}`);
      }
    });

    await t.step("an Idempotency-Key of 236 to 255 characters works; 256 is refused", async () => {
      const member = await ctx.tokenFor("member");
      const card = await addCard(ctx, member);
      const [item] = await ctx.database.db.insertInto("store_items").values({ name: "Form", cost_cents: 500 })
        .returning("id").execute();
      const purchase = { payment_method_id: card, items: [{ id: item.id, quantity: 1 }] };
      for (const length of [236, 255]) {
        const key = `k${length}-`.padEnd(length, "x");
        const first = await ctx.request("member", "POST", "/api/auth/account/order/purchase", purchase, {
          "Idempotency-Key": key,
        });
        assertEquals(first.status, 201, await first.clone().text());
        const order = (await first.json()).data.id;
        const again = await ctx.request("member", "POST", "/api/auth/account/order/purchase", purchase, {
          "Idempotency-Key": key,
        });
        assertEquals(
          [again.status, (await again.json()).data.id],
          [201, order],
          "the retry answers the same order",
        );
      }
      const charges = await ctx.database.db.selectFrom("sandbox_charges").select("idempotency_key").execute();
      assertEquals(charges.length, 2, "one charge per key");
      const tooLong = await answer(ctx, "member", "POST", "/api/auth/account/order/purchase", purchase, {
        "Idempotency-Key": "k".repeat(256),
      });
      assertEquals([tooLong.status, tooLong.code], [422, "IDEMPOTENCY_KEY_INVALID"]);
    });
  } finally {
    await ctx.deps.mailer.idle();
    await ctx.close();
  }
});
