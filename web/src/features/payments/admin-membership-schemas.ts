/**
 * The administrators' membership forms (admin spec §2, §3 "Order form", §5): the manual charge's payment
 * medium and date, and the update form's expiry. The texts and mediums are shared with the server through
 * `@apca/rules/messages/memberships` (decision 0055).
 */
import * as v from "valibot";
import { MEMBERSHIP_MESSAGES as M, PAYMENT_MEDIUMS } from "@apca/rules/messages/memberships";

/** A day as a date input sends it (the server also checks it is a real calendar day). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = v.optional(v.pipe(v.unknown(), v.transform((x) => (typeof x === "string" ? x.trim() : ""))), "");

/** The manual charge's fields as a form sends them (`type` "manual"); validated only when it is chosen. */
export const ManualChargeSchema = v.object({
  payment_medium: v.pipe(text, v.picklist(PAYMENT_MEDIUMS, M.paymentMediumRequired)),
  payment_date: v.pipe(
    text,
    v.nonEmpty(M.paymentDateRequired),
    v.regex(ISO_DAY, M.dateInvalid),
  ),
});

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
      M.expirationDateRequired,
    ),
    ["date"],
  ),
  v.forward(
    v.partialCheck(
      [["has_expiration"], ["date"]],
      (input) => input.has_expiration === "" || input.date === "" || ISO_DAY.test(input.date),
      M.dateInvalid,
    ),
    ["date"],
  ),
  v.transform((input) => {
    const hasExpiration = input.has_expiration !== "";
    return { has_expiration: hasExpiration, date: hasExpiration ? input.date : null };
  }),
);
