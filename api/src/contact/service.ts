/** A visitor's message to the office: kept in `contact_messages` (the record) and mailed to OFFICE_EMAIL. */
import type { Deps } from "../lib/context.ts";
import { insertContactMessage } from "./queries.ts";
import type { ContactInput } from "./schemas.ts";

/** Stores the message, then mails it to the office; the outbox row means the mail is never lost. */
export async function submitContactMessage(
  deps: Deps,
  input: Omit<ContactInput, "recaptcha">,
): Promise<number> {
  const id = await insertContactMessage(deps.database.db, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    created_at: deps.now(),
  });
  await deps.mailer.send(officeMail(deps.config.officeEmail, id, input));
  return id;
}

function officeMail(to: string, id: number, input: Omit<ContactInput, "recaptcha">) {
  const lines = [
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone ?? "not given"}`,
    "",
    input.message,
  ];
  const escape = (s: string) =>
    s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  const html = `<p><strong>Name:</strong> ${escape(input.name)}<br>
<strong>Email:</strong> ${escape(input.email)}<br>
<strong>Phone:</strong> ${escape(input.phone ?? "not given")}</p>
<p style="white-space: pre-wrap">${escape(input.message)}</p>`;
  return {
    to,
    // A control character in a subject could smuggle headers into SMTP; names are one line only.
    subject: `Contact form #${id}: ${input.name.replace(/[\r\n\t]+/g, " ").slice(0, 80)}`,
    text: lines.join("\n"),
    html,
  };
}
