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

/**
 * The renewal terms, as the start confirmation (its receipt e-mail and its screen) and the notice before a
 * renewal state them (issue 25 item 1, decision 0063): the date, the amount, the card on file and how to
 * cancel. Each side formats the values with its own formatter (the e-mails "March 15, 2027" and "$95.00", the
 * screens formatDay and formatMoney); the words are these, once.
 */
export const RENEWAL_WORDS = {
  /** The card line: "Visa ending 4242", or that there is none to charge. */
  card: (card: string | null) =>
    card ?? "none on file - add a card before then, or the renewal cannot be paid",
  /**
   * "Your annual membership renews automatically on <date> for <amount>, charged to <the card on file>."
   * `card` undefined: not known here (a screen offline), so named by its role only.
   */
  renews: (renewsOn: string, amount: string, card: string | null | undefined) =>
    `Your annual membership renews automatically on ${renewsOn} for ${amount}, charged to ${
      card === undefined
        ? "your card on file"
        : card
        ? `your card on file (${card})`
        : "your card on file (none yet: add a card before then)"
    }.`,
  /** Each later year. */
  yearly: (amount: string, noticeDays: number) =>
    `After that it renews each year for ${amount} (the renewal price), and we e-mail you ${noticeDays} days ` +
    "before each renewal.",
  /** How to cancel; `where` is the address (e-mail) or the words of a link (screen). */
  cancel: (where: string, renewsOn: string) =>
    `To cancel, so that you are not charged, choose Cancel on ${where} before ${renewsOn}. A ` +
    "cancelled membership is not renewed or charged again.",
} as const;
