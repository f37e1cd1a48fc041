import { z } from "zod";
import type { DrugTestReason } from "../db/types.ts";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";

export const TEST_SORTS = ["date", "reason", "status"] as const;
export const TestListQuery = listQuery(TEST_SORTS);

/** Why a test is ordered, as the database keeps it (DrugTestReason); the exports filter by it too. */
export const TEST_REASONS = [
  "pre_employment",
  "random",
  "post_accident",
  "reasonable_suspicion",
  "return_to_duty",
  "follow_up",
  "periodic",
] as const satisfies readonly DrugTestReason[];
const RESULTS = ["negative", "negative_dilute", "positive", "refusal", "cancelled"] as const;

/** The summary only: never the laboratory's panel detail (49 CFR 40.321). */
export const DrugTestAttributes = z.object({
  date: z.string().describe(
    "Collection time, else the order time, else when the test was recorded (ISO 8601)",
  ),
  reason: z.enum(TEST_REASONS),
  status: z.enum(["pending", "ordered", "collected", "resulted", "cancelled", "failed"]),
  result: z.enum(RESULTS).nullable(),
  passed: z.boolean().nullable().describe(
    "Negative and negative dilute count as passed; null until resulted",
  ),
});

export const DrugTestRecord = recordSchema("drug_test", DrugTestAttributes);
export const DrugTestList = listOf(DrugTestRecord);

export const I3SetUpAnswer = z.object({
  data: z.object({ business_id: z.number(), is_i3_setup: z.literal(true), i3_location_code: z.string() }),
  message: z.string(),
});

export const RetriedTestAnswer = z.object({
  data: z.object({
    id: z.number(),
    status: z.enum(["ordered", "failed"]),
    order_ref: z.string().nullable(),
    error: z.string().nullable(),
  }),
});

export const I3ProblemsAnswer = z.object({
  data: z.object({
    businesses: z.array(z.object({
      business_id: z.number(),
      name: z.string(),
      error: z.string(),
      attempted_at: z.string().nullable(),
    })).describe("Businesses whose set-up failed: 'Resend to i3' is POST /auth/business/{id}/i3"),
    tests: z.array(z.object({
      drug_test_id: z.number(),
      user_id: z.number(),
      user_name: z.string(),
      business_id: z.number().nullable(),
      business_name: z.string().nullable(),
      reason: z.enum(TEST_REASONS),
      membership_id: z.number().nullable(),
      error: z.string().nullable(),
      failed_at: z.string().nullable(),
    })).describe("Orders i3 refused: POST /auth/drug-test/{id}/retry sends one again"),
    sync: z.object({
      error: z.string(),
      attempts: z.number(),
      gave_up: z.boolean(),
      next_attempt_at: z.string().nullable(),
    }).nullable().describe("The results sync's last failure while it has not succeeded since"),
  }),
});
