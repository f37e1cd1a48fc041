/** The web's mirrored date rules give the server's answers (api/src/lib/dates.ts) at every calendar instant. */
import assert from "node:assert/strict";
import * as server from "../../../api/src/lib/dates.ts";
import { CALENDAR_INSTANTS } from "../../../api/src/testing/clock.ts";
import { coverageDay, termLapsed } from "./dates.ts";

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
