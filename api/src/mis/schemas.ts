/** MIS report requests and answers (DOMAIN.md "MIS report"; 49 CFR 40 Appendix H). */
import { z } from "zod";
import { idText } from "../lib/params.ts";

const YEAR = "year must be between 2000 and 2100";

export const MisParams = z.object({
  year: z.coerce.number({ error: YEAR }).int(YEAR).min(2000, YEAR).max(2100, YEAR),
});

export const MisQuery = z.object({
  business_id: idText("business_id must be a positive whole number").optional(),
});

const count = z.number().int();

export const MisCountsSchema = z.object({
  covered_employees: count,
  pre_employment: count,
  random: count,
  post_accident: count,
  reasonable_suspicion: count,
  return_to_duty: count,
  follow_up: count,
  periodic: count,
  total_results: count,
  verified_negatives: count,
  verified_positives: count,
  marijuana: count,
  cocaine: count,
  pcp: count,
  opiates: count,
  amphetamines: count,
  refusals: count,
  cancelled: count,
});

export const MisAnswer = z.object({
  data: z.object({
    year: z.number().int(),
    due_date: z.string().describe("March 15 of the next year, YYYY-MM-DD"),
    business: z.object({ id: z.number().int(), name: z.string() }).nullable()
      .describe("The employer; null for the consortium"),
    counts: MisCountsSchema,
  }),
});

export type MisReportAnswer = z.infer<typeof MisAnswer>;
