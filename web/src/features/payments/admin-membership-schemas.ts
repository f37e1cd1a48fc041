/**
 * The administrators' membership forms (admin spec §2, §3 "Order form", §5): the manual charge's payment
 * medium and date, and the update form's expiry. The texts are the specification's (or, where it gives none,
 * the server's) and equal api/src/memberships/schemas.ts MEMBERSHIP_MESSAGES; a server test
 * (api/src/memberships/messages.test.ts) checks that both sides reject the same input with the same words.
 */
import * as v from "valibot";

/** The payment mediums of a manual charge (admin spec §3), as the server accepts them. */
export const PAYMENT_MEDIUMS = ["Credit Card Charged", "Check Received", "Cash Received"] as const;

/** Admin spec §5; `dateInvalid` is the server's (the specification words no date format). */
export const MANUAL_CHARGE_MESSAGES = {
  paymentMediumRequired: "Payment Medium is required",
  paymentDateRequired: "Payment Date is required",
  dateInvalid: "Enter the date as YYYY-MM-DD",
} as const;

/** A day as a date input sends it (the server also checks it is a real calendar day). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === "string" ? x.trim() : ""))), "");

/** The manual charge's fields as a form sends them (`type` "manual"); validated only when it is chosen. */
export const ManualChargeSchema = v.object({
  payment_medium: v.pipe(text, v.picklist(PAYMENT_MEDIUMS, MANUAL_CHARGE_MESSAGES.paymentMediumRequired)),
  payment_date: v.pipe(
    text,
    v.nonEmpty(MANUAL_CHARGE_MESSAGES.paymentDateRequired),
    v.regex(ISO_DAY, MANUAL_CHARGE_MESSAGES.dateInvalid),
  ),
});

/** The administrators' update form (admin spec §2, §5); the server's MEMBERSHIP_MESSAGES say the same. */
export const UPDATE_MESSAGES = {
  expirationDateRequired: "Expiration Date is required",
} as const;

/**
 * The update form's values (a checkbox sends "on" when ticked): the date is required with has_expiration
 * and sent only then, otherwise null (admin spec §5).
 */
export const UpdateSchema = v.pipe(
  v.object({ has_expiration: text, date: text }),
  v.forward(
    v.partialCheck(
      [["has_expiration"], ["date"]],
      (input) => input.has_expiration === "" || input.date !== "",
      UPDATE_MESSAGES.expirationDateRequired,
    ),
    ["date"],
  ),
  v.forward(
    v.partialCheck(
      [["has_expiration"], ["date"]],
      (input) => input.has_expiration === "" || input.date === "" || ISO_DAY.test(input.date),
      MANUAL_CHARGE_MESSAGES.dateInvalid,
    ),
    ["date"],
  ),
  v.transform((input) => {
    const hasExpiration = input.has_expiration !== "";
    return { has_expiration: hasExpiration, date: hasExpiration ? input.date : null };
  }),
);
