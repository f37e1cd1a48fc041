import assert from "node:assert/strict";
import { MONTH_REQUIRED, poolMonth, YEAR_INVALID } from "./pool-month.ts";

Deno.test("a new pool's month: a chosen month and a four-digit year, else each field's error", () => {
  assert.deepStrictEqual(poolMonth("2035", "12"), { year: 2035, month: 12 });
  assert.deepStrictEqual(poolMonth(" 2026 ", "5"), { year: 2026, month: 5 });
  assert.deepStrictEqual(poolMonth("2026", ""), { errors: { month: MONTH_REQUIRED } });
  assert.deepStrictEqual(poolMonth("2026", "13"), { errors: { month: MONTH_REQUIRED } });
  assert.deepStrictEqual(poolMonth("26", "5"), { errors: { year: YEAR_INVALID } });
  assert.deepStrictEqual(poolMonth("", ""), { errors: { month: MONTH_REQUIRED, year: YEAR_INVALID } });
});
