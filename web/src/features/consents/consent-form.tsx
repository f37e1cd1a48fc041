/**
 * The form that signs a consent (decision 0092): the recipient (a company found by name, or a person's e-mail),
 * which results (all, or a date range; the last year by default), until when (a year by default), and the typed
 * signature with today's date. The server checks it all again with the same words.
 */
import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextField } from "../../components/text-field.tsx";
import { toast } from "../../lib/toast.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import {
  type CompanyChoice,
  ConsentFormSchema,
  consentRequest,
  CONSENTS_KEY,
  findCompanies,
  formDefaults,
  signConsent,
} from "./consents.ts";

export function ConsentForm() {
  useSignals();
  const form = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState("company");
  const [results, setResults] = useState("range");
  const [defaults] = useState(() => formDefaults(new Date()));
  const { errors, formError, busy, onSubmit } = useFormSubmit(ConsentFormSchema, async (values) => {
    const answer = await signConsent(consentRequest(values));
    form.current?.reset();
    setKind("company");
    setResults("range");
    await invalidate(CONSENTS_KEY);
    toast.success(answer.message ?? "Consent given.");
  });
  return (
    <form ref={form} noValidate onSubmit={onSubmit} aria-label="Give a consent" className="consent-form">
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <RadioGroup
        legend="Who may see your results"
        name="recipient_kind"
        value={kind}
        onChange={setKind}
        options={[{ value: "company", label: "A company (its DER)" }, {
          value: "person",
          label: "A person, by e-mail address",
        }]}
      />
      {kind === "company" ? <CompanyPicker error={errors.value.recipient_business_id} /> : (
        <TextField
          label="Their e-mail address"
          name="recipient_email"
          type="email"
          autoComplete="off"
          required
          hint="They see your results once signed in with this address."
          error={errors.value.recipient_email}
        />
      )}
      <RadioGroup
        legend="Which results"
        name="results"
        value={results}
        onChange={setResults}
        options={[{ value: "range", label: "Tests dated within a range" }, {
          value: "all",
          label: "All my test results",
        }]}
      />
      {results === "range" && (
        <div className="consent-range">
          <TextField label="From" name="results_from" type="date" defaultValue={defaults.yearAgo} required />
          <TextField
            label="To"
            name="results_to"
            type="date"
            defaultValue={defaults.today}
            required
            error={errors.value.results_to}
          />
        </div>
      )}
      <TextField
        label="Valid until"
        name="expires_on"
        type="date"
        defaultValue={defaults.inAYear}
        min={defaults.today}
        required
        hint="The last day they may see your results, unless you revoke it sooner."
        error={errors.value.expires_on}
      />
      <TextField
        label="Signature: type your full name"
        name="signature"
        autoComplete="name"
        required
        error={errors.value.signature}
      />
      <TextField
        label="Date"
        name="signed_on"
        type="date"
        defaultValue={defaults.today}
        required
        error={errors.value.signed_on}
      />
      <p>
        By signing, you consent to APCA releasing the results above to the recipient named, until the day
        given.
      </p>
      <Button type="submit" busy={busy.value} busyLabel="Signing…">Sign consent</Button>
    </form>
  );
}

/** A company found by a part of its name: the matches as radio buttons (field recipient_business_id). */
function CompanyPicker({ error }: { error?: string }) {
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<CompanyChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (term.trim().length < 2) return setFound(null);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      findCompanies(term.trim(), abort.signal).then((list) => {
        setFailed(false);
        setFound(list);
      }, () => !abort.signal.aborted && setFailed(true));
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [term]);
  return (
    <>
      <TextField
        label="Company name"
        name="company_search"
        autoComplete="off"
        hint="Type at least 2 letters, then choose the company."
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        error={found === null ? error : undefined}
      />
      {failed && <p role="alert">The companies could not be searched. Check your connection.</p>}
      {found && (found.length
        ? (
          <RadioGroup
            legend="Company"
            name="recipient_business_id"
            required
            error={error}
            options={found.map((c) => ({ value: String(c.id), label: c.name, hint: c.place || undefined }))}
          />
        )
        : <p aria-live="polite">No company matches “{term.trim()}”.</p>)}
    </>
  );
}
