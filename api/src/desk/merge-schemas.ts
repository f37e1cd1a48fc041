/** The account merge's requests and answers (issue 37, decision 0080); the web reads the exported types. */
import { z } from "zod";
import { idNumber, idText } from "../lib/params.ts";

export const MergeParam = z.object({
  id: idText("id must be a positive whole number"),
  closeId: idText("closeId must be a positive whole number"),
});

export const MergeBody = z.object({
  close_user_id: idNumber("close_user_id must be a user id", "Choose the account to close"),
});

const Person = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  member_number: z.string().nullable(),
});

const Counts = z.object({
  memberships: z.number().int(),
  drug_tests: z.number().int(),
  orders: z.number().int(),
  documents: z.number().int(),
  business_links: z.number().int(),
  businesses_represented: z.number().int(),
  employee_requests: z.number().int(),
  notifications: z.number().int(),
  registration: z.number().int(),
  safety_letter: z.number().int(),
  consents_given: z.number().int()
    .describe(
      "Consents to release results the closed account gave: they apply to the kept account's results",
    ),
  consents_received: z.number().int()
    .describe("Consents naming the closed account's person by e-mail: the kept account sees them"),
}).describe("How many of each record move from the closed account to the kept one");

export const MergePlan = z.object({
  keep: Person.describe("The account that is kept"),
  close: Person.describe("The account that is closed (before the merge)"),
  refusal: z.string().nullable().describe("Why the merge is refused (nothing moves), or null"),
  moves: Counts.nullable(),
  stays: z.object({
    cards: z.number().int().describe("Saved cards: they belong to the closed account's processor customer"),
    random_selections: z.number().int()
      .describe("Random draws' candidates: a draw is verified against the ids it drew"),
  }).nullable().describe("What stays with the closed account"),
  changes: z.array(
    z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  )
    .describe("The kept account's own fields that change"),
});
export type MergePlan = z.infer<typeof MergePlan>;

export const MergePreviewResponse = z.object({ data: MergePlan });
export const MergeResponse = z.object({ data: MergePlan, message: z.string() });
