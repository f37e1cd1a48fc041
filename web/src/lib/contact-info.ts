/**
 * How people reach the office: the phone number and e-mail address are the server's settings (OFFICE_PHONE,
 * OFFICE_EMAIL; production refuses the placeholders), published by GET /api/config/public, so no placeholder
 * is built into the app. Read once per page load and shared.
 */
import { signal } from "@preact/signals-react";
import { publicConfig } from "./public-config.ts";

export const OFFICE_HOURS = "Monday to Friday, 8 a.m. to 5 p.m. Central Time";

export interface OfficeContactInfo {
  phone: string;
  /** The number as a tel: link needs it. */
  phoneHref: string;
  email: string;
}

/** A displayed number ("(985) 555-0100", "+1 985 555 0100") as a tel: link; ten digits are a US number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  return `tel:+${digits}`;
}

/** The office's contact details once the server has told them (null until then, or when it cannot be asked). */
export const officeContact = signal<OfficeContactInfo | null>(null);

let asked = false;
/** Asks the server once; callers read `officeContact`. */
export function loadOfficeContact(): void {
  if (asked) return;
  asked = true;
  publicConfig().then(
    ({ office }) => (officeContact.value = { ...office, phoneHref: telHref(office.phone) }),
    () => (asked = false), // offline or a server error: ask again next time a screen wants it
  );
}
