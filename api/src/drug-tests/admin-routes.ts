/**
 * The administrators' side of the i3 link (admin spec §2 "Resend to i3", §6 "sending a business to the
 * external testing system"): set a business up in i3 (again, after a failure), send a failed test order again,
 * and the list of what failed. Every failure is recorded where it happened (the business, the test row, the
 * sync job), so it is shown here until a retry succeeds.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { listI3Problems } from "./lists.ts";
import { I3ProblemsAnswer, I3SetUpAnswer, RetriedTestAnswer } from "./schemas.ts";
import { I3_MESSAGES, retryDrugTest, setUpBusinessInI3As } from "./service.ts";

const TAGS = ["i3"];

export const adminDrugTestRoutes = new Hono<AppEnv>()
  .post(
    "/auth/business/:id/i3",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Set a business up in i3 (also 'Resend to i3' after a failed set-up)",
      description:
        "Answers the business's i3 location code and sets is_i3_setup. A business already set up " +
        "answers its code without asking i3 again. A failure is recorded on the business (shown in " +
        "GET /auth/i3/problems) and answers 502 I3_FAILED; sending again retries it.",
      tags: TAGS,
      response: I3SetUpAnswer,
      errors: { 404: "No such business", 502: `I3_FAILED: '${I3_MESSAGES.setUpFailed}'` },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const code = await setUpBusinessInI3As(c.var.deps, caller(c).user_id, id);
      return c.json({
        data: { business_id: id, is_i3_setup: true as const, i3_location_code: code },
        message: "Business has been set up in i3",
      }, 200);
    },
  )
  .post(
    "/auth/drug-test/:id/retry",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Send a test whose i3 order failed to i3 again",
      description: "The same test row is sent again under the same reference, so i3 never gets a second " +
        "order for it. Answers the outcome (ordered, or failed again with i3's reason).",
      tags: TAGS,
      response: RetriedTestAnswer,
      errors: { 404: "No such test", 409: `Not a failed order: '${I3_MESSAGES.notRetryable}'` },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await retryDrugTest(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .get(
    "/auth/i3/problems",
    allow("admin"),
    describe({
      summary: "What failed between APCA and i3: business set-ups, test orders and the results sync",
      description: "Each item stays until a retry succeeds: a business until it is set up, a test until it " +
        "is ordered, the sync until a run succeeds (the job queue retries it on its own).",
      tags: TAGS,
      response: I3ProblemsAnswer,
    }),
    async (c) => c.json({ data: await listI3Problems(c.var.deps) }, 200),
  );
