import assert from "node:assert/strict";
import { badge } from "./badge.ts";

Deno.test("notification badge: exact up to 99, then 99+", () => {
  assert.deepEqual([0, 1, 98, 99, 100, 120_000].map(badge), ["0", "1", "98", "99", "99+", "99+"]);
});
