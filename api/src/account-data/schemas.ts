/**
 * "Your data" (issue 38 item 3, decision 0093): everything the portal holds about the signed-in member, as the
 * endpoints that show each part answer it, in one answer and in one zip.
 */
import { z } from "zod";
import { RecordViewRecord } from "../audit/schemas.ts";
import { BusinessList } from "../businesses/schemas.ts";
import { DocumentList } from "../documents/schemas.ts";
import { DrugTestAttributes } from "../drug-tests/schemas.ts";
import { recordSchema } from "../lib/list.ts";
import { HistoryRecord } from "../memberships/schemas.ts";
import { UserOrderList } from "../orders/schemas.ts";
import { PaymentMethodList } from "../payment-methods/schemas.ts";
import { ProfileAnswer } from "../users/schemas.ts";

export const TEST_WORDS = ["Passed", "Not passed", "Refusal", "Cancelled", "Pending"] as const;

/** A test as GET /auth/account/tests answers it, with its result in words. */
export const DataTestRecord = recordSchema(
  "drug_test",
  DrugTestAttributes.extend({
    in_words: z.enum(TEST_WORDS).describe("The result in words, as the screens show it (decision 0071)"),
  }),
);

export const AccountData = z.object({
  generated_at: z.string().describe("When this was put together (ISO 8601)"),
  profile: ProfileAnswer.describe("As GET /auth/account/profile answers it"),
  memberships: z.array(HistoryRecord).describe(
    "Every membership term, newest first (GET /auth/account/memberships)",
  ),
  businesses: BusinessList.shape.data.describe("The member's businesses (GET /auth/account/businesses)"),
  tests: z.array(DataTestRecord).describe("Every test, newest first (GET /auth/account/tests), in words too"),
  orders: UserOrderList.shape.data.describe("Every order, newest first (GET /auth/account/orders)"),
  cards: PaymentMethodList.shape.data.describe(
    "Saved cards as the portal holds them: brand, last four digits and expiry; the card itself is with the " +
      "payment processor (GET /auth/account/payment-methods)",
  ),
  documents: DocumentList.shape.data.describe(
    "Every document of the member's, newest first " +
      "(GET /auth/account/documents); in the zip each is the file documents/{id}-{filename}",
  ),
  consents: z.array(z.record(z.string(), z.unknown())).describe(
    "The consents the member has given to release their results (49 CFR 40.321); empty until consents exist",
  ),
  record_views: z.array(RecordViewRecord).describe(
    "Who looked at the member's letter, tests and test documents (GET /auth/account/record-views)",
  ),
});
export type AccountDataBody = z.infer<typeof AccountData>;

export const AccountDataAnswer = z.object({ data: AccountData });
