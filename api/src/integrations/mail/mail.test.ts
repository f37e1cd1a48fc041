import { assertEquals, assertMatch, assertOk } from "../../testing/assert.ts";
import { createTestDatabase } from "../../testing/db.ts";
import { startFakeSmtp } from "../../testing/fake-smtp.ts";
import { freePort } from "../../testing/ports.ts";
import { outboxMailer } from "./outbox.ts";
import { RETRY_DELAYS_MS, smtpMailer } from "./smtp.ts";
import type { Mailer } from "./mailer.ts";
import { backgroundJobs } from "../../background.ts";
import { loadConfig } from "../../config.ts";
import type { Deps } from "../../lib/context.ts";
import { type ClaimedJob, MINUTE } from "../../lib/jobs.ts";

const message = {
  to: "mia@test.local",
  subject: "Reset your password",
  text: "Open http://localhost:8000/reset-password/abc",
  html: "<p>Open the link</p>",
};

Deno.test("mail: the outbox mailer records each message as delivered to the development mailbox", async () => {
  const database = await createTestDatabase();
  try {
    const at = new Date("2026-01-02T03:04:05Z");
    const mailer = outboxMailer(database.db, () => at);
    await mailer.send(message);
    await mailer.send({ to: "b@test.local", subject: "Plain", text: "No html" });
    await mailer.idle();
    const rows = await database.db.selectFrom("email_outbox")
      .select(["to_address", "subject", "text_body", "html_body", "status", "sent_at", "error"])
      .orderBy("id").execute();
    assertEquals(rows, [
      {
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status: "sent",
        sent_at: at,
        error: null,
      },
      {
        to_address: "b@test.local",
        subject: "Plain",
        text_body: "No html",
        html_body: null,
        status: "sent",
        sent_at: at,
        error: null,
      },
    ]);
  } finally {
    await database.drop();
  }
});

Deno.test("mail: the SMTP mailer delivers over a real socket and records the outcome", async (t) => {
  const database = await createTestDatabase();
  const server = startFakeSmtp();
  const mailer = smtpMailer(database.db, {
    url: server.url,
    from: "APCA <no-reply@apca.test>",
    timeoutMs: 5000,
  }, () => new Date());
  const outbox = () =>
    database.db.selectFrom("email_outbox").select(["to_address", "status", "error", "sent_at"]).orderBy("id")
      .execute();
  try {
    await t.step("a delivered message is on the server and marked sent", async () => {
      await mailer.send(message);
      const [queued] = await outbox();
      assertOk(queued.status === "sending" || queued.status === "sent", "recorded before delivery ends");
      await mailer.idle();
      assertEquals(server.received.length, 1);
      const [mail] = server.received;
      assertEquals(mail.from, "no-reply@apca.test");
      assertEquals(mail.to, [message.to]);
      assertMatch(mail.data, /^Subject: Reset your password$/m);
      assertMatch(mail.data, /reset-password\/abc/);
      assertMatch(mail.data, /text\/html/);
      const [row] = await outbox();
      assertEquals(row.status, "sent");
      assertEquals(row.error, null);
      assertOk(row.sent_at instanceof Date);
    });

    await t.step(
      "a refused recipient is kept in the outbox as failed, with the server's answer",
      async () => {
        server.refuse.add("nobody@test.local");
        await mailer.send({ ...message, to: "nobody@test.local" });
        await mailer.idle();
        const rows = await outbox();
        assertEquals(rows.length, 2);
        assertEquals(rows[1].to_address, "nobody@test.local");
        assertEquals(rows[1].status, "failed");
        assertEquals(rows[1].sent_at, null);
        assertMatch(rows[1].error ?? "", /550/);
        assertEquals(server.received.length, 1);
      },
    );
  } finally {
    await mailer.idle();
    await server.close();
    await database.drop();
  }
});

const mailerTo = (db: Parameters<typeof smtpMailer>[0], port: number, now: () => Date) =>
  smtpMailer(db, { url: `smtp://127.0.0.1:${port}`, from: "a@apca.test", timeoutMs: 2000 }, now);

Deno.test("mail: an unreachable SMTP server queues the message again, and a later retry delivers it once", async (t) => {
  const database = await createTestDatabase();
  const { db } = database;
  const port = freePort();
  let clock = new Date("2026-11-21T10:00:00Z");
  const mailer = mailerTo(db, port, () => clock);
  const row = () =>
    db.selectFrom("email_outbox").select(["status", "attempts", "error", "next_attempt_at", "sent_at"])
      .executeTakeFirstOrThrow();
  let server: ReturnType<typeof startFakeSmtp> | undefined;
  try {
    await t.step("the failed attempt is recorded with its error and a wait of a minute", async () => {
      await mailer.send({
        ...message,
        attachments: [{
          filename: "a.txt",
          content_type: "text/plain",
          content: new TextEncoder().encode("hi"),
        }],
      });
      await mailer.idle();
      const r = await row();
      assertEquals([r.status, r.attempts], ["queued", 1]);
      assertOk(r.error && r.error.length > 0);
      assertEquals(r.next_attempt_at.getTime(), clock.getTime() + RETRY_DELAYS_MS[0]);
    });

    await t.step("nothing is sent before the wait is over", async () => {
      clock = new Date(clock.getTime() + 30_000);
      assertEquals(await mailer.retryDue(), 0);
    });

    await t.step(
      "after the wait, with the server back, it is delivered once, attachment included",
      async () => {
        server = startFakeSmtp(port);
        clock = new Date(clock.getTime() + 60_000);
        assertEquals(await mailer.retryDue(), 1);
        await mailer.idle();
        assertEquals(await mailer.retryDue(), 0, "a sent message is not sent again");
        await mailer.idle();
        const r = await row();
        assertEquals([r.status, r.attempts], ["sent", 2]);
        assertEquals(server.received.length, 1);
        assertMatch(server.received[0].data, /a\.txt/);
      },
    );

    await t.step(
      "a message left 'sending' by a stopped process is sent again after ten minutes",
      async () => {
        const { id } = await db.insertInto("email_outbox").values({
          to_address: "late@test.local",
          subject: "Left behind",
          text_body: "hello",
          status: "sending",
          attempts: 1,
          next_attempt_at: clock,
        }).returning("id").executeTakeFirstOrThrow();
        clock = new Date(clock.getTime() + 5 * 60_000);
        assertEquals(await mailer.retryDue(), 0, "it may still be on its way");
        clock = new Date(clock.getTime() + 6 * 60_000);
        assertEquals(await mailer.retryDue(), 1);
        await mailer.idle();
        const r = await db.selectFrom("email_outbox").select("status").where("id", "=", id)
          .executeTakeFirstOrThrow();
        assertEquals(r.status, "sent");
        assertEquals(server!.received.length, 2);
      },
    );
  } finally {
    await mailer.idle();
    await server?.close();
    await database.drop();
  }
});

Deno.test("mail: after the last attempt the message is failed for good (a 5xx refusal fails at once, above)", async () => {
  const database = await createTestDatabase();
  const { db } = database;
  const port = freePort();
  let clock = new Date("2026-11-21T10:00:00Z");
  const mailer = mailerTo(db, port, () => clock);
  try {
    await mailer.send(message);
    await mailer.idle();
    for (const wait of RETRY_DELAYS_MS) {
      clock = new Date(clock.getTime() + wait);
      assertEquals(await mailer.retryDue(), 1);
      await mailer.idle();
    }
    const r = await db.selectFrom("email_outbox").select(["status", "attempts"]).executeTakeFirstOrThrow();
    assertEquals([r.status, r.attempts], ["failed", RETRY_DELAYS_MS.length + 1]);
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    assertEquals(await mailer.retryDue(), 0, "a failed message is left alone");
  } finally {
    await mailer.idle();
    await database.drop();
  }
});

Deno.test("mail: attachments are kept with the outbox row and sent over SMTP as MIME parts", async () => {
  const database = await createTestDatabase();
  const server = startFakeSmtp();
  const pdf = new TextEncoder().encode("%PDF-1.7 attachment body");
  const withFile = {
    ...message,
    attachments: [{ filename: "letter-compliance.pdf", content_type: "application/pdf", content: pdf }],
  };
  try {
    await outboxMailer(database.db, () => new Date()).send(withFile);
    const smtp = smtpMailer(
      database.db,
      { url: server.url, from: "a@apca.test", timeoutMs: 5000 },
      () => new Date(),
    );
    await smtp.send(withFile);
    await smtp.idle();
    const rows = await database.db.selectFrom("email_attachments").select(["email_id", "filename", "bytes"])
      .orderBy("id").execute();
    assertEquals(rows.length, 2);
    assertEquals(rows.map((r) => [r.filename, new TextDecoder().decode(r.bytes)]), [
      ["letter-compliance.pdf", "%PDF-1.7 attachment body"],
      ["letter-compliance.pdf", "%PDF-1.7 attachment body"],
    ]);
    assertEquals(server.received.length, 1);
    assertMatch(server.received[0].data, /filename="?letter-compliance\.pdf"?/);
    assertMatch(server.received[0].data, /application\/pdf/);
    assertMatch(
      server.received[0].data.replace(/\s+/g, ""),
      new RegExp(btoa("%PDF-1.7 attachment body").slice(0, 20)),
    );
  } finally {
    await server.close();
    await database.drop();
  }
});

Deno.test("mail: the mail.retry job runs every minute and sends what is due", async () => {
  const jobs = backgroundJobs(loadConfig());
  const schedule = jobs.schedules.find((s) => s.queue === "mail.retry");
  assertEquals(schedule?.everyMs, MINUTE);
  let retried = 0;
  const mailer: Mailer = {
    send: () => Promise.resolve(),
    idle: () => Promise.resolve(),
    retryDue: () => Promise.resolve(++retried),
  };
  const context = { deps: { mailer } as unknown as Deps, job: {} as ClaimedJob };
  await jobs.handlers["mail.retry"]({}, context);
  assertEquals(retried, 1);
});
