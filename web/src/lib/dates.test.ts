/** The web's mirrored date rules give the server's answers (api/src/lib/dates.ts) at every calendar instant. */
import assert from "node:assert/strict";
import * as server from "../../../api/src/lib/dates.ts";
import { CALENDAR_INSTANTS } from "../../../api/src/testing/clock.ts";
import { coverageDay, nextMisReport, OFFICE_TIME_ZONE, officeDay, termLapsed } from "./dates.ts";

Deno.test("web dates: the coverage day and lapsing agree with the server's", () => {
  const instants = CALENDAR_INSTANTS.map(([, at]) => new Date(at));
  // And every half hour across a year, so both sides of each day's noon UTC are seen.
  for (let t = Date.parse("2026-01-01T00:00:00Z"); t < Date.parse("2027-01-01T00:00:00Z"); t += 1_800_000) {
    instants.push(new Date(t));
  }
  for (const now of instants) {
    const day = server.coverageDay(now);
    assert.equal(coverageDay(now), day, now.toISOString());
    for (const expireAt of [null, server.addDays(day, -1), day, server.addDays(day, 1)]) {
      assert.equal(
        termLapsed(expireAt, now),
        server.termLapsed(expireAt, now),
        `${now.toISOString()} ${expireAt}`,
      );
    }
  }
});

Deno.test("web dates: the office time zone is the server's default", () => {
  assert.equal(OFFICE_TIME_ZONE, server.DEFAULT_OFFICE_TIME_ZONE);
});

Deno.test("MIS report due next: on March 15 in the office that year's report, from March 16 the next", () => {
  const at = (iso: string) => nextMisReport(new Date(iso));
  // Issue 23: on 26 Nov 2026 the banner named the 2025 report, due March 15, 2026.
  assert.deepStrictEqual(at("2026-11-26T15:00:00Z"), { year: 2026, due: "2027-03-15" });
  assert.deepStrictEqual(at("2027-01-01T12:00:00Z"), { year: 2026, due: "2027-03-15" });
  // March 15 in the office (New York, EDT from March 14, 2027): the 2026 report is still the one due.
  assert.deepStrictEqual(at("2027-03-15T04:00:00Z"), { year: 2026, due: "2027-03-15" });
  assert.deepStrictEqual(at("2027-03-16T03:59:59Z"), { year: 2026, due: "2027-03-15" });
  // Already March 16 in UTC but still March 15 in the office: unchanged.
  assert.equal(officeDay(new Date("2027-03-16T02:00:00Z")), "2027-03-15");
  assert.deepStrictEqual(at("2027-03-16T02:00:00Z"), { year: 2026, due: "2027-03-15" });
  // March 16 in the office: the 2027 report, due March 15, 2028.
  assert.deepStrictEqual(at("2027-03-16T04:00:00Z"), { year: 2027, due: "2028-03-15" });
  // March 15 in UTC but still March 14 in the office: the 2026 report.
  assert.equal(officeDay(new Date("2027-03-15T03:00:00Z")), "2027-03-14");
  assert.deepStrictEqual(at("2027-03-15T03:00:00Z"), { year: 2026, due: "2027-03-15" });
  // Another zone is honoured: UTC's own March 16.
  assert.deepStrictEqual(nextMisReport(new Date("2027-03-16T02:00:00Z"), "UTC"), {
    year: 2027,
    due: "2028-03-15",
  });
  assert.deepStrictEqual(nextMisReport(new Date("2027-03-15T23:59:59Z"), "UTC"), {
    year: 2026,
    due: "2027-03-15",
  });
});
