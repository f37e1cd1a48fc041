/**
 * The calendar's rules at the hours where the coverage day (UTC-12), the office day (New York) and the UTC
 * date disagree, and across New York's two DST changes of 2026 (8 March, 1 November). Every instant is given;
 * nothing reads the wall clock.
 */
import { assertEquals, assertOk, assertThrows } from "../testing/assert.ts";
import { loadConfig } from "../config.ts";
import { CALENDAR_INSTANTS } from "../testing/clock.ts";
import {
  addDays,
  addYears,
  assertTimeZone,
  coverageDay,
  coverageDayNumber,
  dateIn,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  DEFAULT_OFFICE_TIME_ZONE,
  isDateString,
  nextAnnualExpiry,
  officeDay,
  officeMonth,
  officeMonthBounds,
  startOfDayIn,
  termLapsed,
} from "./dates.ts";

const NY = "America/New_York";

Deno.test("dates: the coverage day and the office day of each instant", async (t) => {
  for (const [what, at, coverage, office] of CALENDAR_INSTANTS) {
    await t.step(what, () => {
      const now = new Date(at);
      assertEquals([coverageDay(now), officeDay(now, NY)], [coverage, office]);
      assertEquals(coverageDay(now), dateIn(now, "Etc/GMT+12"), "UTC-12 is the IANA zone Etc/GMT+12");
      assertEquals(coverageDayNumber(now), dayNumber(coverage));
      for (const ms of [-1, 0, 1]) {
        const then = new Date(now.getTime() + ms);
        assertEquals(coverageDayNumber(then), dayNumber(coverageDay(then)), "at the millisecond");
      }
    });
  }
});

Deno.test("dates: a term covers its expiry day and lapses the day after, at every hour", async (t) => {
  for (const [what, at, coverage] of CALENDAR_INSTANTS) {
    await t.step(what, () => {
      const now = new Date(at);
      assertEquals(termLapsed(coverage, now), false, "the expiry day itself is covered");
      assertEquals(termLapsed(addDays(coverage, 1), now), false);
      assertEquals(termLapsed(addDays(coverage, -1), now), true);
      assertEquals(termLapsed(null, now), false, "no expiry never lapses");
    });
  }
});

Deno.test("dates: the next annual term follows the running one, whatever the hour", async (t) => {
  for (const [what, at, coverage, office] of CALENDAR_INSTANTS) {
    await t.step(what, () => {
      const now = new Date(at);
      // Renewed on its last covered day (the autorenewal job's case) or early: old expiry + 1 year.
      assertEquals(nextAnnualExpiry(coverage, now, NY), addYears(coverage, 1));
      assertEquals(nextAnnualExpiry(addDays(coverage, 20), now, NY), addYears(addDays(coverage, 20), 1));
      // Lapsed, or no term: a year from the office day of the purchase.
      assertEquals(nextAnnualExpiry(addDays(coverage, -1), now, NY), addYears(office, 1));
      assertEquals(nextAnnualExpiry(null, now, NY), addYears(office, 1));
    });
  }
});

Deno.test("dates: date arithmetic, with 29 February", () => {
  assertEquals(addDays("2026-12-31", 1), "2027-01-01");
  assertEquals(addDays("2026-03-01", -1), "2026-02-28");
  assertEquals(addDays("2028-03-01", -1), "2028-02-29");
  assertEquals(addDays("2026-11-23", -30), "2026-10-24");
  assertEquals(daysBetween("2026-03-07", "2026-03-09"), 2, "a DST change is not a shorter day here");
  assertEquals(daysBetween("2026-11-23", "2026-10-24"), -30);
  assertEquals(addYears("2026-11-22", 1), "2027-11-22");
  assertEquals(addYears("2028-02-29", 1), "2029-03-01", "a leap-day term is followed by no lost day");
  assertEquals(addYears("2028-02-29", 4), "2032-02-29");
  assertEquals(addYears("2027-02-28", 1), "2028-02-28");
  assertEquals(addYears("2028-02-29", -5), "2023-03-01");
});

Deno.test("dates: a date string is a real calendar date", () => {
  for (const good of ["2026-11-23", "2028-02-29", "1999-12-31"]) assertOk(isDateString(good), good);
  for (
    const bad of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-1-5", "23/11/2026", "", "2026-11-23T00:00"]
  ) {
    assertOk(!isDateString(bad), bad);
  }
});

Deno.test("dates: the start of a day in the office's zone, across New York's DST changes", () => {
  assertEquals(startOfDayIn("2026-03-08", NY).toISOString(), "2026-03-08T05:00:00.000Z");
  assertEquals(startOfDayIn("2026-03-09", NY).toISOString(), "2026-03-09T04:00:00.000Z");
  assertEquals(startOfDayIn("2026-11-01", NY).toISOString(), "2026-11-01T04:00:00.000Z");
  assertEquals(startOfDayIn("2026-11-02", NY).toISOString(), "2026-11-02T05:00:00.000Z");
  assertEquals(startOfDayIn("2026-11-23", "UTC").toISOString(), "2026-11-23T00:00:00.000Z");
});

Deno.test("dates: the start of a day is its first instant in any zone, midnight skipped or not", () => {
  // Santiago and Havana change the clock at midnight; Kiritimati is UTC+14, Pago Pago UTC-11.
  const zones = [
    NY,
    "America/Santiago",
    "America/Havana",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
  ];
  const days = [
    "2026-01-01",
    "2026-03-08",
    "2026-03-15",
    "2026-04-05",
    "2026-09-06",
    "2026-11-01",
    "2026-12-31",
  ];
  for (const zone of zones) {
    for (const day of days) {
      const start = startOfDayIn(day, zone);
      assertEquals(dateIn(start, zone), day, `${day} has begun in ${zone}`);
      assertOk(dateIn(new Date(start.getTime() - 1), zone) < day, `${day} had not begun in ${zone}`);
    }
  }
});

Deno.test("dates: months in the office's zone, for totals by month", () => {
  const march = officeMonthBounds("2026-03", NY);
  assertEquals([march.start.toISOString(), march.end.toISOString()], [
    "2026-03-01T05:00:00.000Z",
    "2026-04-01T04:00:00.000Z",
  ]);
  const december = officeMonthBounds("2026-12", NY);
  assertEquals([december.start.toISOString(), december.end.toISOString()], [
    "2026-12-01T05:00:00.000Z",
    "2027-01-01T05:00:00.000Z",
  ]);
  // 8 pm on 30 November in New York is already December in UTC, and still November at the office.
  assertEquals(officeMonth(new Date("2026-12-01T01:00:00Z"), NY), "2026-11");
  assertEquals(officeMonth(new Date("2026-12-01T05:00:00Z"), NY), "2026-12");
});

Deno.test("dates: the office's zone is checked at start", () => {
  assertEquals(assertTimeZone("Europe/Lisbon"), "Europe/Lisbon");
  assertThrows(() => assertTimeZone("Mars/Olympus_Mons"), RangeError, "not an IANA time zone");
  const before = Deno.env.get("OFFICE_TIME_ZONE");
  try {
    Deno.env.delete("OFFICE_TIME_ZONE");
    assertEquals(loadConfig().officeTimeZone, DEFAULT_OFFICE_TIME_ZONE);
    Deno.env.set("OFFICE_TIME_ZONE", "America/Chicago");
    assertEquals(loadConfig().officeTimeZone, "America/Chicago");
    Deno.env.set("OFFICE_TIME_ZONE", "Eastern");
    assertThrows(() => loadConfig(), RangeError, "OFFICE_TIME_ZONE");
  } finally {
    if (before === undefined) Deno.env.delete("OFFICE_TIME_ZONE");
    else Deno.env.set("OFFICE_TIME_ZONE", before);
  }
});

Deno.test("dates: a day number's date is the one Date writes, every day from 1890 to 2210 and at the ends", () => {
  const byDate = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
  for (let n = dayNumber("1890-01-01"); n <= dayNumber("2210-12-31"); n++) {
    if (dateOfDayNumber(n) !== byDate(n)) assertEquals(dateOfDayNumber(n), byDate(n), `day ${n}`);
    if (n % 997 === 0) assertEquals(dayNumber(dateOfDayNumber(n)), n);
  }
  const ends = [-719_468, -354_286, -354_285, -354_284, 0, 2_932_895, 2_932_896, 2_932_897, 3_000_000];
  for (const end of ends) {
    for (const n of [end, end + 146_097, end - 146_097]) {
      assertEquals(dateOfDayNumber(n), byDate(n), `day ${n}`);
    }
  }
  assertEquals(dateOfDayNumber(0.5), byDate(0.5));
  assertEquals(dateOfDayNumber(-0.5), byDate(-0.5));
});
