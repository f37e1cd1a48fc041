/** The office's phone number and e-mail address as links, from the server's settings (lib/contact-info.ts). */
import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { loadOfficeContact, officeContact } from "../lib/contact-info.ts";

function useOffice() {
  useSignals();
  useEffect(loadOfficeContact, []);
  return officeContact.value;
}

/** The phone number as a link; "the APCA office" until it is known (or while offline). */
export function OfficePhone() {
  const office = useOffice();
  return office ? <a href={office.phoneHref}>{office.phone}</a> : <>the APCA office</>;
}

/** The e-mail address as a link; "the APCA office" until it is known. */
export function OfficeEmail() {
  const office = useOffice();
  return office ? <a href={`mailto:${office.email}`}>{office.email}</a> : <>the APCA office</>;
}
