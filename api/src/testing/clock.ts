/**
 * A clock for tests, set to any instant: the date rules are tested at the hours where the coverage day, the
 * office day and UTC disagree, never at whatever hour the suite happens to run. It keeps ticking from the
 * instant it is set to, so code that needs time to pass (sessions, leases, orderings) behaves as usual.
 *
 * `TEST_NOW=2026-11-23T00:30:00Z deno task test` runs every suite's context on such a clock.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock to `instant` (an ISO timestamp); it ticks on from there. */
  set(instant: string | Date): void;
}

export function testClock(instant: string | Date): TestClock {
  let base = 0;
  let setAt = 0;
  const set = (at: string | Date) => {
    base = new Date(at).getTime();
    if (Number.isNaN(base)) throw new RangeError(`not an instant: ${at}`);
    setAt = performance.now();
  };
  set(instant);
  return { now: () => new Date(base + Math.floor(performance.now() - setAt)), set };
}

/** The clock TEST_NOW asks for, or undefined (the wall clock) when it is not set. */
export function clockFromEnv(): TestClock | undefined {
  const at = Deno.env.get("TEST_NOW");
  return at ? testClock(at) : undefined;
}

/**
 * The instants the date rules are tested at: [what it is, the instant, its coverage day, its office day in New
 * York]. The hours where UTC-12, New York and UTC disagree, and New York's two DST changes of 2026.
 */
export const CALENDAR_INSTANTS: [string, string, string, string][] = [
  ["00:30 UTC", "2026-11-23T00:30:00Z", "2026-11-22", "2026-11-22"],
  ["11:59 UTC", "2026-11-23T11:59:00Z", "2026-11-22", "2026-11-23"],
  ["12:00 UTC", "2026-11-23T12:00:00Z", "2026-11-23", "2026-11-23"],
  ["23:30 UTC", "2026-11-23T23:30:00Z", "2026-11-23", "2026-11-23"],
  [
    "23:30 in New York the night before it springs forward",
    "2026-03-08T04:30:00Z",
    "2026-03-07",
    "2026-03-07",
  ],
  ["01:59 EST, a minute before New York springs forward", "2026-03-08T06:59:00Z", "2026-03-07", "2026-03-08"],
  ["03:00 EDT, New York has sprung forward", "2026-03-08T07:00:00Z", "2026-03-07", "2026-03-08"],
  ["23:59 EDT, the night before New York falls back", "2026-11-01T03:59:00Z", "2026-10-31", "2026-10-31"],
  ["the first 01:30 (EDT) in New York", "2026-11-01T05:30:00Z", "2026-10-31", "2026-11-01"],
  ["the second 01:30 (EST) in New York", "2026-11-01T06:30:00Z", "2026-10-31", "2026-11-01"],
  ["12:30 UTC on New York's fall-back day", "2026-11-01T12:30:00Z", "2026-11-01", "2026-11-01"],
];
