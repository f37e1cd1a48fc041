import { assertEquals } from "../testing/assert.ts";
import { pausedDaysInWindow, pauseOutlook, type PauseSpan, pauseWarning } from "./pause-warning.ts";
import { addDays } from "../lib/dates.ts";

const TODAY = "2026-06-15";
const RULE = { windowDays: 185, warningDays: 125 };
const ago = (days: number) => addDays(TODAY, -days);
/** The window's first day: 184 days before today. */
const WINDOW_START = ago(184);

Deno.test("pause warning: 124 paused days is no warning, 125 is", () => {
  const span124: PauseSpan[] = [{ from: ago(150), to: ago(26) }];
  assertEquals(pausedDaysInWindow(span124, TODAY, 185), 124);
  assertEquals(pauseWarning(span124, TODAY, RULE), null);

  const span125: PauseSpan[] = [{ from: ago(150), to: ago(25) }];
  assertEquals(pauseWarning(span125, TODAY, RULE), {
    paused_days: 125,
    window_days: 185,
    // The count reached 125 on the pause's 125th day, the last paused one (ago(26)): due from then.
    extra_test_due: ago(26),
  });
});

Deno.test("pause warning: a pause straddling the window start counts only its days inside", () => {
  const spans: PauseSpan[] = [{ from: ago(300), to: ago(60) }];
  // Inside the window: WINDOW_START (ago 184) up to ago(60) exclusive = 124 days.
  assertEquals(pausedDaysInWindow(spans, TODAY, 185), 124);
  assertEquals(pauseWarning(spans, TODAY, RULE), null);
  // A day later in the pause's history (ending a day later) makes it 125, and the count had reached 125 long
  // before: it has been at or above 125 ever since the pause's 125th day.
  const longer: PauseSpan[] = [{ from: ago(300), to: ago(59) }];
  assertEquals(pauseWarning(longer, TODAY, RULE), {
    paused_days: 125,
    window_days: 185,
    extra_test_due: ago(300 - 124),
  });
});

Deno.test("pause warning: an open pause counts up to and including today", () => {
  assertEquals(pauseWarning([{ from: ago(123), to: null }], TODAY, RULE), null);
  assertEquals(pauseWarning([{ from: ago(124), to: null }], TODAY, RULE), {
    paused_days: 125,
    window_days: 185,
    extra_test_due: TODAY,
  });
  // Paused for the whole window and more: every day of the window is paused.
  const whole = pauseWarning([{ from: ago(400), to: null }], TODAY, RULE);
  assertEquals(whole?.paused_days, 185);
  assertEquals(whole?.extra_test_due, ago(400 - 124));
});

Deno.test("pause warning: overlapping pauses across a renewal count each day once", () => {
  // The old term's pause and the renewed term's pause overlap by 30 days.
  const spans: PauseSpan[] = [
    { from: ago(160), to: ago(60) },
    { from: ago(90), to: ago(30) },
  ];
  // Union: ago(160) .. ago(31) = 130 days (not 100 + 60 = 160).
  assertEquals(pausedDaysInWindow(spans, TODAY, 185), 130);
  assertEquals(pauseWarning(spans, TODAY, RULE)?.paused_days, 130);
  // Two separate pauses add up.
  const apart: PauseSpan[] = [{ from: ago(180), to: ago(120) }, { from: ago(100), to: ago(35) }];
  assertEquals(pausedDaysInWindow(apart, TODAY, 185), 125);
  assertEquals(pauseWarning(apart, TODAY, RULE)?.extra_test_due, ago(36));
});

Deno.test("pause warning: the window ends today, and a pause resumed today does not cover today", () => {
  const spans: PauseSpan[] = [{ from: WINDOW_START, to: TODAY }];
  assertEquals(pausedDaysInWindow(spans, TODAY, 185), 184);
  assertEquals(pausedDaysInWindow([{ from: WINDOW_START, to: null }], TODAY, 185), 185);
  // A pause that ended on the window's first day lies wholly before the window.
  assertEquals(pausedDaysInWindow([{ from: ago(185), to: ago(184) }], TODAY, 185), 0);
  // Paused and resumed on the same day: no paused day.
  assertEquals(pausedDaysInWindow([{ from: ago(10), to: ago(10) }], TODAY, 185), 0);
  // Settings change the rule.
  assertEquals(pauseWarning([{ from: ago(9), to: null }], TODAY, { windowDays: 30, warningDays: 10 }), {
    paused_days: 10,
    window_days: 30,
    extra_test_due: TODAY,
  });
});

Deno.test("pause warning: the due day is the start of the current run at or above the threshold", () => {
  // Reached 125 once, fell below, and reached it again later: the later day counts.
  const spans: PauseSpan[] = [{ from: ago(360), to: ago(235) }, { from: ago(124), to: null }];
  assertEquals(pauseWarning(spans, TODAY, RULE)?.extra_test_due, TODAY);
});

Deno.test("pause outlook: a first pause reaches the threshold on its 125th day", () => {
  assertEquals(pauseOutlook([], TODAY, RULE), {
    paused_days: 0,
    window_days: 185,
    warning_days: 125,
    days_to_reach: 125,
    reached_on: addDays(TODAY, 124),
  });
});

Deno.test("pause outlook: earlier pauses in the window bring the day closer", () => {
  // 100 paused days that ended 10 days ago: 25 more reach 125, as long as none of the 100 leaves the window.
  const spans: PauseSpan[] = [{ from: ago(110), to: ago(10) }];
  const outlook = pauseOutlook(spans, TODAY, RULE);
  assertEquals([outlook.paused_days, outlook.days_to_reach, outlook.reached_on], [
    100,
    25,
    addDays(TODAY, 24),
  ]);
  // The same as the after-the-fact warning would say on that day with the pause still open.
  const then = outlook.reached_on;
  const open: PauseSpan[] = [...spans, { from: TODAY, to: null }];
  assertEquals(pauseWarning(open, addDays(then, -1), RULE), null);
  assertEquals(pauseWarning(open, then, RULE)?.paused_days, 125);
});

Deno.test("pause outlook: 124 paused days within the window: pausing today reaches it at once", () => {
  const spans: PauseSpan[] = [{ from: ago(184), to: ago(60) }];
  const outlook = pauseOutlook(spans, TODAY, RULE);
  assertEquals([outlook.paused_days, outlook.days_to_reach, outlook.reached_on], [124, 1, TODAY]);
});

Deno.test("pause outlook: old pauses leaving the window push the day out", () => {
  // 100 paused days at the window's far end: each day of a new pause brings one in and lets an old one out.
  const spans: PauseSpan[] = [{ from: ago(184), to: ago(84) }];
  const outlook = pauseOutlook(spans, TODAY, RULE);
  assertEquals([outlook.paused_days, outlook.days_to_reach], [100, 125]);
  const open: PauseSpan[] = [...spans, { from: TODAY, to: null }];
  assertEquals(pauseWarning(open, addDays(outlook.reached_on, -1), RULE), null);
  assertEquals(pauseWarning(open, outlook.reached_on, RULE)?.paused_days, 125);
});

Deno.test("pause outlook: the same as walking the days one by one, for any spans and rule", () => {
  // The definition, day by day: the first day from today whose window, with a pause open from today, holds
  // the threshold (pauseOutlook lays the earlier days out once instead).
  const walked = (spans: PauseSpan[], rule: typeof RULE) => {
    const withPause: PauseSpan[] = [...spans, { from: TODAY, to: null }];
    let days = rule.warningDays;
    for (let k = 0; k < rule.warningDays; k++) {
      if (pausedDaysInWindow(withPause, addDays(TODAY, k), rule.windowDays) >= rule.warningDays) {
        days = k + 1;
        break;
      }
    }
    return {
      paused_days: pausedDaysInWindow(spans, TODAY, rule.windowDays),
      window_days: rule.windowDays,
      warning_days: rule.warningDays,
      days_to_reach: days,
      reached_on: addDays(TODAY, days - 1),
    };
  };
  let seed = 20_261_127; // a fixed sequence (a linear congruential generator): the same cases every run
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let i = 0; i < 400; i++) {
    const windowDays = 1 + next(200);
    const rule = { windowDays, warningDays: 1 + next(windowDays) };
    const spans: PauseSpan[] = Array.from({ length: next(5) }, () => {
      const from = next(420) - 400; // from 400 days ago to 19 days ahead
      return { from: addDays(TODAY, from), to: next(4) === 0 ? null : addDays(TODAY, from + next(200)) };
    });
    assertEquals(pauseOutlook(spans, TODAY, rule), walked(spans, rule), JSON.stringify({ spans, rule }));
  }
  assertEquals(pauseOutlook([], TODAY, RULE), walked([], RULE));
});
