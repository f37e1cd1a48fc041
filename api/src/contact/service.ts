/** A visitor's message to the office: kept in `contact_messages` (the record) and mailed to OFFICE_EMAIL. */
import { requireCaptcha } from "../integrations/captcha/captcha.ts";
import type { Deps } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { hit, type LimitDeps } from "../lib/rate-limit.ts";
import { insertContactMessage } from "./queries.ts";
import type { ContactInput } from "./schemas.ts";

/** Stores the message, then mails it to the office; the outbox row means the mail is never lost. */
/** The contact form: the per-address limit, the captcha, then the message stored and mailed. */
export async function contactOffice(
  deps: LimitDeps & Pick<Deps, "captcha" | "database" | "now" | "mailer" | "config">,
  input: ContactInput,
  ip: string,
): Promise<number> {
  const { recaptcha, ...message } = input;
  const wait = await hit(deps, "contactPerIp", ip);
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many messages from this address. Please wait a while, or call the office.",
      [],
      { "Retry-After": String(wait) },
    );
  }
  await requireCaptcha(deps.captcha, recaptcha, ip);
  return await submitContactMessage(deps, message);
}

export async function submitContactMessage(
  deps: Pick<Deps, "database" | "now" | "mailer" | "config">,
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
