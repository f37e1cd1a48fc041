/** The contact form's one call. */
import { api } from "../../lib/api.ts";
import type { ContactInput } from "./contact-schema.ts";

export function sendContactMessage(input: ContactInput): Promise<{ id: number; message: string }> {
  return api("/contact", { body: input, redirectOn401: false });
}
