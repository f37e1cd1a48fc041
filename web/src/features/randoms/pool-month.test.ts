import assert from "node:assert/strict";
import { missingMonthsText, MONTH_REQUIRED, poolMonth, YEAR_INVALID } from "./pool-month.ts";

Deno.test("a new pool's month: a chosen month and a four-digit year, else each field's error", () => {
  assert.deepStrictEqual(poolMonth("2035", "12"), { year: 2035, month: 12 });
  assert.deepStrictEqual(poolMonth(" 2026 ", "5"), { year: 2026, month: 5 });
  assert.deepStrictEqual(poolMonth("2026", ""), { errors: { month: MONTH_REQUIRED } });
  assert.deepStrictEqual(poolMonth("2026", "13"), { errors: { month: MONTH_REQUIRED } });
  assert.deepStrictEqual(poolMonth("26", "5"), { errors: { year: YEAR_INVALID } });
  assert.deepStrictEqual(poolMonth("", ""), { errors: { month: MONTH_REQUIRED, year: YEAR_INVALID } });
});

Deno.test("the pace panel's flag names each month without a drawn pool, and those with only a draft", () => {
  assert.equal(missingMonthsText([]), null);
  assert.equal(
    missingMonthsText([{ month: 10, pool_created: false }, { month: 11, pool_created: true }]),
    "No pool drawn for October, November (created but not built: November)",
  );
  assert.equal(missingMonthsText([{ month: 1, pool_created: false }]), "No pool drawn for January");
});
