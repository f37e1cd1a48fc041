/** The contact form's one call. */
import { call } from "../../lib/typed-api.ts";
import type { ContactAnswer, ContactRequest } from "@api/contract";

export function sendContactMessage(input: ContactRequest): Promise<ContactAnswer> {
  return call("/contact").POST({ body: input, redirectOn401: false });
}
