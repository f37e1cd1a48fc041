/** The contact form's one call. */
import { api } from "../../lib/api.ts";
import type { ContactAnswer, ContactRequest } from "@api/contract";

export function sendContactMessage(input: ContactRequest): Promise<ContactAnswer> {
  return api("/contact", { body: input, redirectOn401: false });
}
