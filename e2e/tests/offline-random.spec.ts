/**
 * The outbox in the real browser, by seeded random sequences: going offline and online (context.setOffline,
 * with the service worker controlling the page), reloading, pausing, resuming and cancelling through the
 * screens, and the membership being cancelled elsewhere (another device, straight to the server). A model
 * keeps what the server has and what waits on the phone; after each sequence the phone comes back online and
 * the server's membership, its pauses (each applied once) and the list of refused changes must equal the
 * model's. The API-level test (web/src/offline/outbox.model.test.ts) runs 50 longer sequences with lost answers,
 * server errors and ended sessions; this one proves the same wiring in Chromium.
 *
 * OFFLINE_SEED=<n> replays a run; OFFLINE_SEQUENCES sets how many (default 50, about 2 minutes here).
 */
import type { Page } from "@playwright/test";
import postgres from "postgres";
import process from "node:process";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";
import { controlledByServiceWorker } from "../support/offline.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.use({ serviceWorkers: "allow" });

const SEED = Number(process.env.OFFLINE_SEED ?? 20261122);
const SEQUENCES = Number(process.env.OFFLINE_SEQUENCES ?? 50);
const DETAILS = "/app/account/membership/details";
// Weighted: mostly changes, often offline, now and then a reload or a change made elsewhere.
const STEPS = ["offline", "offline", "online", "reload", "act", "act", "act", "act", "elsewhere"] as const;
const REASONS = [
  "No longer working on the water",
  "Currently out of season",
  "Joining a different consortium",
];

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = "pause" | "resume" | "cancel";
type Status = "active" | "paused" | "cancelled";

/** The server's rules (api/src/memberships/state.ts) for an annual membership: the new status, or null if refused. */
function apply(status: Status, kind: Kind): Status | null {
  if (kind === "pause") return status === "active" ? "paused" : null;
  if (kind === "resume") return status === "paused" ? "active" : null;
  return status === "cancelled" ? null : "cancelled";
}

const waiting = (page: Page) => page.getByRole("region", { name: "Changes waiting to be sent" });
const refusedItems = (page: Page) =>
  page.getByRole("region", { name: "Changes that were not applied" }).getByRole("listitem");
const actionLink = (page: Page, label: string) =>
  page.getByRole("list", { name: "Membership actions" }).getByRole("link", { name: label, exact: true });

async function settledOnDetails(page: Page) {
  await expect(page).toHaveURL(DETAILS);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your membership" }).locator("dl")).toBeVisible();
}

// A click or a navigation that cannot happen fails the sequence with its log instead of waiting out the
// whole test's time.
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test(`${SEQUENCES} random offline sequences in Chromium end as the model says (seed ${SEED})`, async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(60_000 + SEQUENCES * 45_000);
  const next = random(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  // What the run exercised, so a seed that never queued anything cannot pass unnoticed.
  const totals = { queued: 0, refusedLater: 0, appliedLater: 0 };
  try {
    for (let run = 0; run < SEQUENCES; run++) {
      const member = await registerMemberThroughApi(page.request);
      await page.goto(DETAILS);
      await settledOnDetails(page);
      await controlledByServiceWorker(page);

      // The model: what the server has, what waits on the phone, what the phone was told was refused.
      let server: Status = "active";
      let pauses = 0;
      let queue: Kind[] = [];
      let refused = 0;
      let online = true;
      const log: string[] = [];
      const flush = () => {
        for (const kind of queue) {
          const after = apply(server, kind);
          if (after === null) {
            refused++;
            totals.refusedLater++;
          } else {
            totals.appliedLater++;
            if (kind === "pause") pauses++;
            server = after;
          }
        }
        queue = [];
      };
      const drained = async () => {
        await expect(waiting(page)).toHaveCount(0, { timeout: 15_000 });
        await expect(refusedItems(page)).toHaveCount(refused);
        // Back online, a screen showing the device's copy reloads the server's: the next step acts on that
        // screen, not on the copy it replaces (a link seen on the copy can be gone a moment later).
        await expect(page.getByText(/^Offline: showing data from/)).toHaveCount(0, { timeout: 15_000 });
      };

      const length = 3 + Math.floor(next() * 8);
      for (let i = 0; i < length; i++) {
        const step = pick(STEPS);
        if (step === "offline") {
          await context.setOffline(true);
          online = false;
        } else if (step === "online") {
          await context.setOffline(false);
          online = true;
          flush();
          await drained();
        } else if (step === "reload") {
          await page.reload();
          await settledOnDetails(page);
          if (online) await drained();
        } else if (step === "elsewhere") {
          // Cancelled from another device, straight to the server (a refusal there changes nothing).
          const other = await playwright.request.newContext({ baseURL });
          try {
            await other.post("/api/login", { data: { email: member.email, password: member.password } });
            const answer = await other.delete("/api/auth/account/membership/cancel", {
              headers: { "Idempotency-Key": crypto.randomUUID() },
            });
            expect([200, 409]).toContain(answer.status());
            server = apply(server, "cancel") ?? server;
          } finally {
            await other.dispose();
          }
        } else {
          // What the screen offers: the membership as the queued changes will leave it.
          const offered: Kind[] = [];
          if (await actionLink(page, "Pause Membership").isVisible()) offered.push("pause");
          if (await actionLink(page, "Resume Membership").isVisible()) offered.push("resume");
          if (await actionLink(page, "Cancel Membership").isVisible()) offered.push("cancel");
          if (offered.length === 0) {
            log.push("act: nothing offered");
            continue;
          }
          const kind = pick(offered);
          const label =
            { pause: "Pause Membership", resume: "Resume Membership", cancel: "Cancel Membership" }[kind];
          await actionLink(page, label).click();
          // The form loads the membership afresh: online after a change elsewhere, it may no longer allow
          // the action, and says so instead of offering the form.
          const submit = kind === "pause"
            ? page.getByRole("button", { name: "Pause Membership" })
            : kind === "resume"
            ? page.getByRole("button", { name: "Resume Membership" })
            : page.getByRole("button", { name: /^(Continue to cancel|Yes, Cancel Membership)$/ });
          const back = page.getByRole("link", { name: "Back to membership details" });
          await expect(submit.or(back)).toBeVisible();
          if (await back.isVisible()) {
            log.push(`${kind}: no longer allowed`);
            await back.click();
            await settledOnDetails(page);
            continue;
          }
          log.push(kind);
          if (kind === "pause") {
            await page.getByLabel(pick(REASONS)).check();
            await submit.click();
          } else if (kind === "resume") {
            await submit.click();
          } else {
            const continueButton = page.getByRole("button", { name: "Continue to cancel" });
            if (await continueButton.isVisible()) await continueButton.click();
            await page.getByRole("button", { name: "Yes, Cancel Membership" }).click();
          }
          if (online) {
            // Sent at once: applied, or refused on the spot (the screen was stale after a change elsewhere),
            // in which case the error toast says so and the member stays on the form.
            const after = apply(server, kind);
            if (after === null) {
              await expect(page.locator(".toasts .toast-error")).toBeVisible();
              await page.goto(DETAILS);
            } else {
              if (kind === "pause") pauses++;
              server = after;
            }
            await settledOnDetails(page);
          } else {
            queue.push(kind);
            totals.queued++;
            await settledOnDetails(page);
            await expect(waiting(page).getByRole("listitem")).toHaveCount(queue.length);
          }
          continue;
        }
        log.push(step);
      }

      // Back in port.
      await context.setOffline(false);
      online = true;
      flush();
      await drained();
      const where = `sequence ${run} (seed ${SEED}): ${log.join(", ")}`;
      const { data } = await (await page.request.get("/api/auth/account/membership")).json();
      expect(data.attributes.status, `status: ${where}`).toBe(server);
      const rows = await sql`
        select count(*)::int as n from membership_pauses p join memberships m on m.id = p.membership_id
        where m.id = ${data.id}`;
      expect(rows[0].n, `pauses applied once each: ${where}`).toBe(pauses);
    }
    console.log(`offline sequences: ${SEQUENCES}, seed ${SEED}: ${JSON.stringify(totals)}`);
    expect(totals.queued, "changes were queued offline").toBeGreaterThan(0);
    expect(totals.appliedLater, "queued changes were applied later").toBeGreaterThan(0);
  } finally {
    await context.setOffline(false);
    await sql.end();
  }
});
