import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";

export const TEST_SORTS = ["date", "reason", "status"] as const;
export const TestListQuery = listQuery(TEST_SORTS);

const REASONS = [
  "pre_employment",
  "random",
  "post_accident",
  "reasonable_suspicion",
  "return_to_duty",
  "follow_up",
  "periodic",
] as const;
const RESULTS = ["negative", "negative_dilute", "positive", "refusal", "cancelled"] as const;

/** The summary only: never the laboratory's panel detail (49 CFR 40.321). */
export const DrugTestAttributes = z.object({
  date: z.string().describe(
    "Collection time, else the order time, else when the test was recorded (ISO 8601)",
  ),
  reason: z.enum(REASONS),
  status: z.enum(["pending", "ordered", "collected", "resulted", "cancelled", "failed"]),
  result: z.enum(RESULTS).nullable(),
  passed: z.boolean().nullable().describe(
    "Negative and negative dilute count as passed; null until resulted",
  ),
});

export const DrugTestRecord = recordSchema("drug_test", DrugTestAttributes);
export const DrugTestList = listOf(DrugTestRecord);
