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
