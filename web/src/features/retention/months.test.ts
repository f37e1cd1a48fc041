import assert from "node:assert/strict";
import { monthsInWords } from "./months.ts";

Deno.test("retention periods in words", () => {
  assert.equal(monthsInWords(0), "0 months");
  assert.equal(monthsInWords(1), "1 month");
  assert.equal(monthsInWords(12), "12 months (1 year)");
  assert.equal(monthsInWords(15), "15 months (1 year 3 months)");
  assert.equal(monthsInWords(63), "63 months (5 years 3 months)");
  assert.equal(monthsInWords(85), "85 months (7 years 1 month)");
});
