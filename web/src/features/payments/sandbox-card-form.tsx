/** The sandbox processor's card form: the fields a card form has, sent to the server's sandbox endpoint. */
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { addCard, confirmSandboxSetup, explainCardFailure } from "./payments.ts";
import { OFFLINE_REASON, online } from "../../lib/online.ts";
import { SELF } from "./subject.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import type { CardFormProps } from "./card-form.tsx";

/** The server's texts (api/src/payments/schemas.ts SANDBOX_CARD_MESSAGES), so both sides say the same. */
export const CARD_MESSAGES = {
  numberRequired: "Card number is required",
  numberDigits: "Card number must contain only digits",
  expRequired: "Expiration date is required",
  expInvalid: "Expiration date must be MM/YY",
  cvcRequired: "Security code is required",
  cvcDigits: "Security code must be 3 or 4 digits",
  zipRequired: "ZIP code is required",
} as const;

const filled = (message: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(message)), "");

const SandboxCardSchema = v.object({
  card_number: v.pipe(
    filled(CARD_MESSAGES.numberRequired),
    v.transform((s) => s.replace(/[\s-]/g, "")),
    v.regex(/^\d{1,19}$/, CARD_MESSAGES.numberDigits),
  ),
  exp: v.pipe(
    filled(CARD_MESSAGES.expRequired),
    v.regex(/^\d{1,2}\s*\/\s*(\d{2}|\d{4})$/, CARD_MESSAGES.expInvalid),
  ),
  cvc: v.pipe(filled(CARD_MESSAGES.cvcRequired), v.regex(/^\d{3,4}$/, CARD_MESSAGES.cvcDigits)),
  zip: filled(CARD_MESSAGES.zipRequired),
});

export function SandboxCardForm(
  { owner = SELF, onAdded, submitLabel = "Save Card", actions }: CardFormProps,
) {
  useSignals();
  const { errors, formError, busy, onSubmit } = useFormSubmit(
    SandboxCardSchema,
    async (card) => {
      const method = await addCard(
        owner,
        async (secret) => (await confirmSandboxSetup(secret, card)).setup_intent_id,
      );
      onAdded(method);
    },
    { explain: explainCardFailure },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card details" className="card-form">
      <p className="field-hint">Test mode: no real card is charged.</p>
      <TextField
        label="Card number"
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        error={errors.value.card_number}
      />
      <div className="field-row">
        <TextField
          label="Expiration (MM/YY)"
          name="exp"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          required
          error={errors.value.exp}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          error={errors.value.cvc}
        />
        <TextField
          label="ZIP"
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          required
          error={errors.value.zip}
        />
      </div>
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        {!online.value && <p id="card-offline" className="field-hint">{OFFLINE_REASON}</p>}
        <Button
          type="submit"
          busy={busy.value}
          busyLabel="Saving card…"
          disabled={!online.value}
          aria-describedby={online.value ? undefined : "card-offline"}
        >
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
