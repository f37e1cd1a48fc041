/**
 * /app/admin/settings (decision 0075; not in the specification): the prices every page and charge reads, and how
 * many days before an automatic renewal its notice goes out. The pause rule's thresholds are the regulation's
 * and shown only. A save names each change in a confirmation first; a form opened before another
 * administrator's save is refused with a reload (409), never applied over theirs.
 */
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatInstant } from "../../lib/dates.ts";
import { errorMessage, type FieldErrors, fieldErrors } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import type { AdminSettingsRequest } from "@api/contract";
import { type AdminSettings, fetchSettings, PRICE_FIELDS, saveSettings, settingsKey } from "./admin-api.ts";
import {
  asText,
  changes,
  type EditableField,
  request,
  ROSTER_SCHEDULES,
  type Text,
} from "./settings-form.ts";
import { forgetPrices, PRICES_KEY } from "./prices.ts";

export default function SettingsPage() {
  const settings = useResource(settingsKey, fetchSettings);
  if (settings.loading && !settings.data) return <Skeleton lines={8} label="Loading the settings…" />;
  if (settings.error || !settings.data) {
    return (
      <LoadError title="The settings could not be loaded" error={settings.error} onRetry={settings.reload} />
    );
  }
  // A new version (a save, a reload after a conflict) starts the form again from what the server holds.
  return <SettingsForm key={settings.data.updated_at} settings={settings.data} onReload={settings.reload} />;
}

function SettingsForm({ settings, onReload }: { settings: AdminSettings; onReload(): void }) {
  const [text, setText] = useState<Text>(() => asText(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<{ body: AdminSettingsRequest; changes: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const field = (name: EditableField) => ({
    name,
    value: text[name],
    error: errors[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setText((t) => ({ ...t, [name]: value }));
    },
  });

  async function save(body: AdminSettingsRequest) {
    setBusy(true);
    try {
      const answer = await saveSettings(body);
      toast.success(answer.message);
      forgetPrices();
      await Promise.all([invalidate(settingsKey), invalidate(PRICES_KEY)]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else {
        setErrors(fieldErrors(error));
        toast.error(errorMessage(error));
      }
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    const body = request(text, settings.updated_at);
    const list = changes(settings, body);
    // A typo goes straight to the server, whose answer names the field; so does a save with nothing changed
    // (it says so). A real change is confirmed first.
    const invalid = [...PRICE_FIELDS.map(([f]) => body[f]), body.renewal_notice_days].some((v) =>
      typeof v !== "number"
    );
    if (invalid || !list.length) return void save(body);
    setPending({ body, changes: list });
  }

  return (
    <>
      <p>
        What the consortium charges and when it writes to members before their card is charged again. Every
        change is recorded in the <Link href="/app/admin/audit?entity=settings">audit log</Link>.
      </p>
      {conflict && (
        <Alert variant="warning" title="Not saved">
          <p>{conflict}</p>
          <Button onClick={onReload}>Reload Settings</Button>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Settings">
        <fieldset className="form-section">
          <legend>
            <h2 className="form-section-title">Prices</h2>
          </legend>
          <p className="field-hint">
            In dollars. Orders placed from now on are charged the new price; paid orders keep theirs. The
            public pages show a change within a minute.
          </p>
          {PRICE_FIELDS.map(([name, label]) => (
            <TextField key={name} label={label} inputMode="decimal" required {...field(name)} />
          ))}
        </fieldset>
        <fieldset className="form-section">
          <legend>
            <h2 className="form-section-title">Renewal notices</h2>
          </legend>
          <TextField
            label="Days before an automatic renewal"
            hint="The notice gives the date, the amount, the card and how to cancel. 15 to 45 days, what state automatic-renewal laws ask for a yearly term. Applies to notices not yet sent."
            inputMode="numeric"
            required
            {...field("renewal_notice_days")}
          />
        </fieldset>
        <fieldset className="form-section">
          <legend>
            <h2 className="form-section-title">Crew list confirmations</h2>
          </legend>
          <div className="field">
            <label htmlFor="roster-months">How often each DER confirms the crew list</label>
            <select
              id="roster-months"
              name="roster_confirmation_months"
              value={text.roster_confirmation_months}
              aria-describedby="roster-months-hint"
              onChange={(e) => {
                const value = e.currentTarget.value;
                setText((t) => ({ ...t, roster_confirmation_months: value }));
              }}
            >
              {ROSTER_SCHEDULES.map(([months, words]) => <option key={months} value={months}>{words}
              </option>)}
            </select>
            <p id="roster-months-hint" className="field-hint">
              Counted from January 1; each DER is e-mailed on the period's first day and has 30 days to
              answer.
            </p>
            {errors.roster_confirmation_months && (
              <p className="field-error">{errors.roster_confirmation_months}</p>
            )}
          </div>
        </fieldset>
        <section className="form-section" aria-labelledby="pause-rule">
          <h2 id="pause-rule" className="form-section-title">Pause rule</h2>
          <p>
            A member paused for {settings.pause_warning_days} days or more within {settings.pause_window_days}
            {" "}
            days needs an extra drug test (46 CFR 16.210(b)(2)). Set by the regulation, not here.
          </p>
        </section>
        <section className="form-section" aria-labelledby="records-retention">
          <h2 id="records-retention" className="form-section-title">Records retention</h2>
          <p>
            How long each kind of record is kept, legal holds, and what is due for removal in the next 30
            days: <Link href="/app/admin/settings/retention">Records retention</Link>.
          </p>
        </section>
        <p className="field-hint">Last changed {formatInstant(settings.updated_at)}.</p>
        <div className="form-actions">
          <Button type="submit" busy={busy && !pending} busyLabel="Saving…">Save Settings</Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Save these changes?"
        confirmLabel="Save Settings"
        busyLabel="Saving…"
        busy={busy}
        onConfirm={() => pending && save(pending.body)}
        onClose={() => setPending(null)}
      >
        <ul>{pending?.changes.map((line) => <li key={line}>{line}</li>)}</ul>
      </ConfirmDialog>
    </>
  );
}
