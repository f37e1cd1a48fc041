import assert from "node:assert/strict";
import { amountProblem } from "./refund-amount.ts";

Deno.test("refund amount: dollars and cents, at least a cent, never more than what is left", () => {
  assert.equal(amountProblem("20", 10500), null);
  assert.equal(amountProblem("$105.00", 10500), null, "all that is left");
  assert.equal(amountProblem("0.01", 10500), null);
  assert.equal(
    amountProblem("105.01", 10500),
    "The amount cannot be more than $105.00, what is left to refund.",
  );
  assert.equal(amountProblem("0", 10500), "The amount must be at least $0.01.");
  for (const text of ["", "abc", "-5", "1.234"]) {
    assert.equal(amountProblem(text, 10500), "Enter an amount in dollars, such as 20 or 20.50.", text);
  }
});
