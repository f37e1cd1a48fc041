/**
 * The desk's one rule (decision 0049): each action is one transaction holding the notification's lock from its
 * check to its archive, so two administrators acting on one notification at once apply it once, and the second
 * gets 'This notification was already processed by another administrator.' (409 ALREADY_PROCESSED). Resuming
 * from a paused-membership notification is the case that used to resume in one transaction and archive in
 * another: an archive that won the race left the membership resumed anyway.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { clearMemberships, seedMembership } from "../memberships/test-helpers.ts";
import { NOTIFICATION_MESSAGES as M } from "./schemas.ts";

const put = (ctx: TestContext, path: string) => ctx.request("admin", "PUT", path);

/** Pauses the member's membership through the API and answers the id of its MEMBERSHIP_PAUSED notification. */
async function paused(ctx: TestContext, userId: number): Promise<number> {
  await seedMembership(ctx, userId);
  const pause = await ctx.request("admin", "POST", `/api/auth/user/${userId}/membership/pause`, {
    reason: "Currently out of season",
  });
  assertEquals(pause.status, 200);
  await pause.body?.cancel();
  const n = await ctx.database.db.selectFrom("notifications").select("id")
    .where("type", "=", "MEMBERSHIP_PAUSED").where("user_id", "=", userId).where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return n.id;
}

async function loserOf(answers: Response[]) {
  assertEquals(answers.map((a) => a.status).sort(), [200, 409]);
  const [winner, loser] = answers[0].status === 200 ? answers : [answers[1], answers[0]];
  await winner.body?.cancel();
  const body = await loser.json();
  assertEquals([body.code, body.error], ["ALREADY_PROCESSED", M.alreadyProcessed]);
  return answers.indexOf(winner);
}

Deno.test("desk races: two administrators on one notification, one effect", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member } = ctx.users;
  const resumes = async () =>
    await db.selectFrom("audit_log").select("id").where("action", "=", "membership_resumed").execute();
  try {
    await t.step("two resumes at once: the membership resumes once, the second gets 409", async () => {
      const before = (await resumes()).length;
      const id = await paused(ctx, member.id);
      const path = `/api/auth/notification/membership/paused/${id}/resume`;
      await loserOf(await Promise.all([put(ctx, path), put(ctx, path)]));
      assertEquals((await resumes()).length, before + 1);
      const audits = await db.selectFrom("audit_log").select("action").where("entity", "=", "notification")
        .where("entity_id", "=", String(id)).execute();
      assertEquals(audits.map((a) => a.action), ["notification.resume"]);
      await clearMemberships(ctx);
    });

    await t.step(
      "resume and archive at once: an archive that wins leaves the membership paused",
      async () => {
        for (let round = 0; round < 5; round++) {
          const before = (await resumes()).length;
          const id = await paused(ctx, member.id);
          const winner = await loserOf(
            await Promise.all([
              put(ctx, `/api/auth/notification/membership/paused/${id}/resume`),
              put(ctx, `/api/auth/notification/membership/paused/${id}/archive`),
            ]),
          );
          const pause = await db.selectFrom("membership_pauses").select("resumed_at")
            .orderBy("id", "desc").executeTakeFirstOrThrow();
          assertEquals(pause.resumed_at !== null, winner === 0, "resumed exactly when the resume won");
          assertEquals((await resumes()).length, before + (winner === 0 ? 1 : 0));
          await clearMemberships(ctx);
        }
      },
    );
  } finally {
    await ctx.close();
  }
});
