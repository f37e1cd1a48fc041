/**
 * The words and choices of the membership forms and answers (public spec §3, §8, admin spec §2, §3, §5, §8,
 * §9). Both the server's zod schemas and the web's valibot forms import these (decision 0055).
 */

/** The pause form's reasons (admin §3 "Pause form"); for 'Other' the free text is stored as the reason. */
export const PAUSE_REASONS = [
  "No longer working on the water",
  "Currently out of season",
  "Joining a different consortium",
  "Other",
] as const;

export const OTHER_REASON = "Other";
/** The server's limit on the free text of 'Other'. */
export const OTHER_REASON_MAX = 500;

/** The payment mediums of a manual charge (admin spec §3). */
export const PAYMENT_MEDIUMS = ["Credit Card Charged", "Check Received", "Cash Received"] as const;

export const MEMBERSHIP_MESSAGES = {
  reasonRequired: "Reason is required",
  otherReasonRequired: "Reason for pausing membership is required",
  /** Not worded by the specification: the server's limit on the free text. */
  otherReasonTooLong: "Keep the reason under 500 characters",
  paymentMediumRequired: "Payment Medium is required",
  paymentDateRequired: "Payment Date is required",
  /** Not worded by the specification (admin §5 only says the date is required with has_expiration). */
  expirationDateRequired: "Expiration Date is required",
  /** Not worded by the specification (it words no date format). */
  dateInvalid: "Enter the date as YYYY-MM-DD",
  paymentMethodRequired: "payment_method_id is required",
  membershipTypeRequired: "Membership type is required",
  /** Answers' `message`, for the web's toasts (public §8, admin §8). */
  started: "Your Membership Has Been Started",
  startedForUser: "User Membership Has Been Started",
  paused: "Membership has been paused successfully",
  resumed: "Membership has been resumed successfully",
  cancelled: "Membership has been cancelled successfully",
  updated: "Membership has been updated successfully",
} as const;
