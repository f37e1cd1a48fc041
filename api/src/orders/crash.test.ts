/**
 * The money path is crash-safe (issue 10): the real server process (`deno run api/src/main.ts` on this test's
 * own PostgreSQL database) is killed with SIGKILL at each step of a store purchase, a membership start and a
 * renewal (APCA_CRASH_AT, lib/crash.ts), then started again. Once reconciliation has settled what the dead
 * process left pending, the member has exactly one successful charge and one completed order (with what it
 * bought), or neither; and the client's retry with the same Idempotency-Key answers that true outcome.
 *
 * It needs PostgreSQL (two processes share the database), so it runs when TEST_DATABASE_URL is set, as in CI.
 */
import { AUTORENEW_QUEUE } from "../memberships/autorenew.ts";
import { CRASH_POINTS, type CrashPoint } from "../lib/crash.ts";
import { enqueue } from "../lib/jobs.ts";
import { seedMembership, today } from "../memberships/test-helpers.ts";
import { PAYMENT_MESSAGES } from "./pay.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { addCard } from "../testing/cards.ts";
import { testDatabaseUrl } from "../testing/db.ts";
import { freePort } from "../testing/ports.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** The server as a child process; `crashAt` makes it kill itself at that step of a payment. */
class Server {
  private child?: Deno.ChildProcess;
  private log = "";
  constructor(private readonly ctx: TestContext, readonly port: number) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server; waits until it answers unless it is expected to die first (`untilUp` false). */
  async start(crashAt?: CrashPoint, untilUp = true) {
    this.log = "";
    this.child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN],
      env: {
        DATABASE_URL: this.ctx.databaseUrl!,
        // One HTTP worker (decision 0094): the crash points kill the whole process either way.
        WORKERS: "1",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        APP_ENV: "test",
        SESSION_SECRET: this.ctx.deps.config.sessionSecret!,
        SEED_ADMIN_PASSWORD: "not-used-in-this-test",
        STRIPE_SECRET_KEY: "",
        STRIPE_PUBLISHABLE_KEY: "",
        STRIPE_WEBHOOK_SECRET: "",
        SMTP_URL: "",
        SANDBOX_PAYMENTS_DELAY_MS: "0",
        // Short enough that the test sees recovery within a second or two.
        JOBS_POLL_MS: "100",
        PAYMENTS_RECONCILE_EVERY_MS: "250",
        PAYMENTS_RECONCILE_GRACE_MS: "500",
        IDEMPOTENCY_LEASE_MS: "600",
        APCA_CRASH_AT: crashAt ?? "",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream.pipeThrough(new TextDecoderStream()).pipeTo(
        new WritableStream({ write: (chunk) => void (this.log += chunk) }),
      ).catch(() => {});
    }
    if (!untilUp) return;
    for (let i = 0; i < 600; i++) {
      try {
        const res = await fetch(`${this.base}/api/health`);
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the server did not start:\n${this.log}`);
  }

  /** Waits for the process to end; answers the signal that ended it (null for a normal exit). */
  async ended(): Promise<string | null> {
    const status = await this.child!.status;
    this.child = undefined;
    return status.signal;
  }

  async stop() {
    if (!this.child) return;
    this.child.kill("SIGTERM");
    await this.ended();
  }

  request(token: string, path: string, body: unknown, key: string) {
    return fetch(`${this.base}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Idempotency-Key": key,
      },
      body: JSON.stringify(body),
    });
  }

  get output() {
    return this.log;
  }
}

/** Polls `check` until it holds (the server works on its own clock); fails with `what` if it never does. */
async function eventually(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

type Flow = "store purchase" | "membership start" | "renewal";

Deno.test({
  name: "money path: a server killed at any step of a payment leaves one charge and one order, or neither",
  ignore: testDatabaseUrl() === undefined,
}, async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const server = new Server(ctx, freePort());
  const item = await db.insertInto("store_items").values({ name: "Alarm swab", cost_cents: 1500 })
    .returning("id").executeTakeFirstOrThrow();
  let n = 0;

  /** A member of their own with a saved (default) card. */
  async function newMember() {
    const { id } = await db.insertInto("users").values({
      email: `crash${++n}@test.local`,
      password_hash: "not used",
      first_name: "Crash",
      last_name: `Test ${n}`,
    }).returning("id").executeTakeFirstOrThrow();
    const token = await ctx.tokenFor(id);
    return { id, token, card: await addCard(ctx, token) };
  }

  /** What the processor and our books say about the member. */
  async function books(userId: number) {
    const charges = await db.selectFrom("sandbox_charges").select("status")
      .where("customer_ref", "=", `cus_sbx_${userId}`).execute();
    const orders = await db.selectFrom("orders").select(["id", "status", "failure_reason"])
      .where("user_id", "=", userId).execute();
    const memberships = await db.selectFrom("memberships").select(["id", "order_id", "failed"])
      .where("user_id", "=", userId).where("order_id", "is not", null).execute();
    const notices = await db.selectFrom("notifications").select("id").where("user_id", "=", userId)
      .where("type", "=", "NEW_ORDER").execute();
    return {
      paid: charges.filter((c) => c.status === "succeeded").length,
      charges: charges.length,
      completed: orders.filter((o) => o.status === "completed"),
      pending: orders.filter((o) => o.status === "pending").length,
      failed: orders.filter((o) => o.status === "failed"),
      paidMemberships: memberships.filter((m) => !m.failed),
      notices: notices.length,
    };
  }

  try {
    for (const flow of ["store purchase", "membership start", "renewal"] as Flow[]) {
      for (const point of CRASH_POINTS) {
        await t.step(`${flow}, killed ${point}`, async () => {
          const member = await newMember();
          const key = `crash-${flow}-${point}`.replaceAll(" ", "-");
          const [path, body] = flow === "store purchase"
            ? ["/api/auth/account/order/purchase", {
              payment_method_id: member.card,
              items: [{ id: item.id, quantity: 1 }],
            }]
            : ["/api/auth/account/membership", { payment_method_id: member.card, is_annual: true }];
          if (flow === "renewal") {
            await seedMembership(ctx, member.id, { expire_at: today(ctx) });
            // The job the hourly schedule would run; the server picks it up as it starts.
            await enqueue(db, AUTORENEW_QUEUE, {}, { runAt: ctx.deps.now() });
          }

          // The renewal job runs as the server starts, so that server may die before it ever answers.
          await server.start(point, flow !== "renewal");
          if (flow !== "renewal") {
            const lost = await server.request(member.token, path, body, key).then(
              async (res) => `answered ${res.status}: ${await res.text()}`,
              () => null,
            );
            assertEquals(lost, null, "the process died before it answered");
          }
          assertEquals(await server.ended(), "SIGKILL", `killed at ${point}:\n${server.output}`);

          await server.start();
          await eventually("reconciliation settles every pending order", async () => {
            return (await books(member.id)).pending === 0;
          });
          const after = await books(member.id);
          // Exactly one charge and one completed order, or neither.
          assertOk(after.paid <= 1, `one charge at most: ${after.paid}`);
          assertEquals(
            after.completed.length,
            after.paid,
            "a completed order for every charge, and only then",
          );
          if (point === "after-pending") assertEquals(after.charges, 0, "nothing reached the processor");
          else assertEquals(after.paid, 1, "the charge made before the crash is recorded");
          // And what it bought, once.
          if (flow === "store purchase") assertEquals(after.notices, after.paid);
          else assertEquals(after.paidMemberships.length, after.paid);

          if (flow !== "renewal") {
            // The client's retry with the same key answers the true outcome (after the dead claim's lease).
            let retry!: Response;
            await eventually("the dead request's claim on the key is released", async () => {
              retry = await server.request(member.token, path, body, key);
              if (retry.status !== 409) return true;
              await retry.body?.cancel();
              return false;
            });
            const answer = await retry.json();
            if (after.paid === 1) {
              assertEquals(retry.status, flow === "store purchase" ? 201 : 200, JSON.stringify(answer));
              assertEquals(
                answer.data.id,
                flow === "store purchase" ? after.completed[0].id : after.paidMemberships[0].id,
              );
            } else {
              assertEquals([retry.status, answer.code, answer.error], [
                402,
                "PAYMENT_DECLINED",
                PAYMENT_MESSAGES.abandoned,
              ]);
            }
            const final = await books(member.id);
            assertEquals([final.charges, final.completed.length], [after.charges, after.completed.length]);
          } else if (after.paid === 0) {
            assertEquals(after.failed.map((o) => o.failure_reason), [PAYMENT_MESSAGES.abandoned]);
          }
          await server.stop();
        });
      }
    }
  } finally {
    await server.stop();
    await ctx.close();
  }
});
