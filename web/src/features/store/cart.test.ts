import assert from "node:assert/strict";
import type { SessionUser } from "@api/contract";
import { session } from "../../lib/session.ts";
import {
  addToCart,
  cart,
  cartCount,
  cartStorageKey,
  clampQuantity,
  clearPurchased,
  parseCart,
  priceCart,
  removeFromCart,
  setQuantity,
  withAdded,
  withoutPurchased,
} from "./cart.ts";

const user = (user_id: number): SessionUser => ({
  user_id,
  is_admin: false,
  is_der: false,
  full_name: "Pat",
  second_factor: "off",
});
const item = (id: number, cost: number) => ({ id, attributes: { cost } });

Deno.test("cart: quantities stay whole numbers from 1 to 99", () => {
  assert.deepEqual([0, 1, 2.7, 99, 150, -3, Number.NaN].map(clampQuantity), [1, 1, 2, 99, 99, 1, 1]);
});

Deno.test("cart: adding grows an existing line (capped at 99) or appends a new one", () => {
  let lines = withAdded([], 4, 1);
  lines = withAdded(lines, 2, 3);
  lines = withAdded(lines, 4, 2);
  assert.deepEqual(lines, [{ id: 4, quantity: 3 }, { id: 2, quantity: 3 }]);
  assert.deepEqual(withAdded(lines, 2, 500), [{ id: 4, quantity: 3 }, { id: 2, quantity: 99 }]);
});

Deno.test("cart: stored lines are read defensively", () => {
  assert.deepEqual(parseCart(null), []);
  assert.deepEqual(parseCart("not json"), []);
  assert.deepEqual(parseCart('{"id":1}'), []);
  assert.deepEqual(
    parseCart(JSON.stringify([
      { id: 1, quantity: 2 },
      { id: "2", quantity: 1 },
      { id: 3, quantity: 0 },
      { id: -1, quantity: 1 },
      null,
      { id: 1, quantity: 3 },
      { id: 5, quantity: 1000 },
    ])),
    [{ id: 1, quantity: 5 }, { id: 5, quantity: 99 }],
  );
});

Deno.test("cart: a purchase takes away what it bought, keeping what was added meanwhile", () => {
  const lines = [{ id: 1, quantity: 3 }, { id: 2, quantity: 1 }, { id: 3, quantity: 1 }];
  assert.deepEqual(
    withoutPurchased(lines, [{ id: 1, quantity: 2 }, { id: 2, quantity: 1 }]),
    [{ id: 1, quantity: 1 }, { id: 3, quantity: 1 }],
  );
});

Deno.test("cart: priced from the server's items; items no longer sold count for nothing", () => {
  const { priced, unavailable, totalCents } = priceCart(
    [{ id: 1, quantity: 2 }, { id: 9, quantity: 1 }, { id: 2, quantity: 1 }],
    [item(1, 6000), item(2, 700)],
  );
  assert.deepEqual(priced.map((line) => [line.id, line.lineTotalCents]), [[1, 12000], [2, 700]]);
  assert.deepEqual(unavailable, [{ id: 9, quantity: 1 }]);
  assert.equal(totalCents, 12700);
});

Deno.test("cart: stored per user, reloaded on sign-in, deleted on sign-out", () => {
  localStorage.removeItem(cartStorageKey(701));
  localStorage.removeItem(cartStorageKey(702));
  try {
    session.value = user(701);
    assert.deepEqual(cart.value, []);
    addToCart(10);
    addToCart(11, 2);
    setQuantity(10, 5);
    addToCart(12);
    removeFromCart(12);
    assert.equal(cartCount.value, 7);
    assert.deepEqual(JSON.parse(localStorage.getItem(cartStorageKey(701))!), [
      { id: 10, quantity: 5 },
      { id: 11, quantity: 2 },
    ]);

    session.value = user(702); // someone else on the same browser sees their own (empty) cart
    assert.deepEqual(cart.value, []);
    session.value = user(701);
    assert.equal(cartCount.value, 7);

    clearPurchased([{ id: 10, quantity: 5 }]);
    assert.deepEqual(cart.value, [{ id: 11, quantity: 2 }]);

    session.value = null;
    assert.deepEqual(cart.value, []);
    assert.equal(localStorage.getItem(cartStorageKey(701)), null);
  } finally {
    session.value = undefined;
    localStorage.removeItem(cartStorageKey(701));
    localStorage.removeItem(cartStorageKey(702));
  }
});
