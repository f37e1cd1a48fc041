import assert from "node:assert/strict";
import { dollarsToCents, formatCount, formatMoney } from "./money.ts";

Deno.test("money: integer cents as dollars, cents shown only when asked or needed", () => {
  assert.equal(formatMoney(10500), "$105");
  assert.equal(formatMoney(1999), "$19.99");
  assert.equal(formatMoney(700, { cents: true }), "$7.00");
  assert.equal(formatMoney(0), "$0");
  assert.equal(formatMoney(123456789), "$1,234,567.89");
  assert.equal(formatMoney(-2500), "-$25");
  assert.equal(formatMoney(Number.NaN), "");
});

Deno.test("counts: grouped digits", () => {
  assert.equal(formatCount(0), "0");
  assert.equal(formatCount(1234567), "1,234,567");
});

Deno.test("typed dollars as cents: what a price field accepts", () => {
  assert.equal(dollarsToCents("12.50"), 1250);
  assert.equal(dollarsToCents(" $60 "), 6000);
  assert.equal(dollarsToCents("7.5"), 750);
  assert.equal(dollarsToCents("0.05"), 5);
  for (const bad of ["", "12.505", "-3", "1,000", "ten", "12."]) assert.equal(dollarsToCents(bad), null, bad);
});
