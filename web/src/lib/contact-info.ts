/**
 * How people reach the office, shown on the public pages and in the footer.
 *
 * OPERATOR VALUES: the specification leaves the real phone number and address out. Replace these before
 * launch. The phone number below is in the 555-01xx range reserved for fiction; the e-mail address matches the
 * server's default OFFICE_EMAIL (where contact-form messages go).
 */
export const OFFICE_PHONE = "(800) 555-0142";
/** The same number in the form a tel: link needs. */
export const OFFICE_PHONE_HREF = "tel:+18005550142";
export const OFFICE_EMAIL = "office@apca.local";
export const OFFICE_HOURS = "Monday to Friday, 8 a.m. to 5 p.m. Central Time";
