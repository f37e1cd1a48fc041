import assert from "node:assert/strict";
import { formatDay, formatInstant, formatInstantDay } from "./dates.ts";

Deno.test("calendar dates are shown as that day, whatever the time zone", () => {
  assert.equal(formatDay("2026-06-15"), "June 15, 2026");
  assert.equal(formatDay("2027-01-01"), "January 1, 2027");
  assert.equal(formatDay("not a date"), "not a date");
});

Deno.test("instants are shown in the given time zone", () => {
  assert.equal(formatInstantDay("2026-06-15T02:00:00Z", "UTC"), "June 15, 2026");
  assert.equal(formatInstantDay("2026-06-15T02:00:00Z", "America/Chicago"), "June 14, 2026");
  assert.equal(formatInstant("2026-06-15T15:04:00Z", "UTC"), "June 15, 2026 at 3:04 PM");
});
