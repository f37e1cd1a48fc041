/** /contact-us and /contact: the contact form. Success goes to /contact/thank-you. */
import { useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CaptchaField } from "../../components/captcha-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { sendContactMessage } from "./contact-api.ts";
import { CONTACT_LIMITS } from "@apca/rules/messages/contact";
import { ContactSchema } from "./contact-schema.ts";
import { OfficeContact } from "./parts.tsx";

export default function ContactPage() {
  useSignals();
  const [, navigate] = useLocation();
  const captcha = useSignal("");
  const { errors, formError, busy, onSubmit } = useFormSubmit(
    ContactSchema,
    async (message) => {
      await sendContactMessage(message);
      navigate("/contact/thank-you");
    },
    {
      extra: () => ({ recaptcha: captcha.value }),
      // Field problems show under their fields; anything else (rate limit, network) above the button.
      explain(error) {
        const fields = fieldErrors(error);
        return { errors: fields, formError: Object.keys(fields).length ? null : errorMessage(error) };
      },
    },
  );

  return (
    <div className="split">
      <div>
        <p className="lead">
          Questions about membership, testing or your company's program? Send us a message and a member of our
          team will reply by e-mail or phone.
        </p>
        <form className="contact-form" noValidate onSubmit={onSubmit} aria-label="Contact us">
          <TextField label="Name" name="name" autoComplete="name" required error={errors.value.name} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={errors.value.email}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            hint="Optional. A US number, for example (504) 555-0100."
            error={errors.value.phone}
          />
          <TextAreaField
            label="Message"
            name="message"
            required
            maxLength={CONTACT_LIMITS.message}
            error={errors.value.message}
          />
          <CaptchaField
            value={captcha.value}
            onChange={(token) => (captcha.value = token)}
            error={errors.value.recaptcha}
          />
          {formError.value && <Alert variant="error">{formError.value}</Alert>}
          <Button type="submit" busy={busy.value} busyLabel="Sending…">Send message</Button>
        </form>
      </div>
      <aside className="panel" aria-labelledby="office-title">
        <h2 id="office-title">Reach the office</h2>
        <p>For anything urgent, such as testing after a serious marine incident, call us.</p>
        <OfficeContact />
      </aside>
    </div>
  );
}
