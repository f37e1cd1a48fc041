/**
 * A member's change of their own details on /app/account (decision 0027; public spec §3 user form fields):
 * what waits for APCA is listed, and the form says which fields apply at once (phone, address) and which
 * wait for approval (names, e-mail, USCG credential, SSN). While a change waits, the identity fields are
 * read-only, with the reason beside them, since the server would refuse them.
 */
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import * as v from "valibot";
import type { ProfileAnswerBody, ProfileUpdateRequest } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { toast } from "../../lib/toast.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchProfile, PROFILE_KEY, saveProfile } from "./api.ts";

const LABELS: Record<string, string> = {
  first_name: "First Name",
  middle_name: "Middle Name",
  last_name: "Last Name",
  email: "Email",
  uscg_cred: "USCG Credentials",
  ssn_last4: "Last 4 digits of SSN",
  phone: "Phone",
  address_one: "Address One",
  address_two: "Address Two",
  city: "City",
  state: "State",
  postal_code: "Postal Code",
  country: "Country",
};
const IDENTITY = ["first_name", "middle_name", "last_name", "email", "uscg_cred", "ssn"] as const;
const CONTACT = ["phone", "address_one", "address_two", "city", "state", "postal_code", "country"] as const;

export function ProfilePanel() {
  const profile = useResource(PROFILE_KEY, fetchProfile);
  const [editing, setEditing] = useState(false);
  if (profile.error) {
    return (
      <LoadError title="Your details could not be loaded" error={profile.error} onRetry={profile.reload} />
    );
  }
  if (!profile.data) return <Skeleton lines={2} label="Loading your details…" />;
  const pending = profile.data.pending_request;
  return (
    <>
      {pending && (
        <Alert variant="info" title="Waiting for APCA approval">
          <ul>
            {Object.entries(pending.changes).map(([field, value]) => (
              <li key={field}>{LABELS[field] ?? field}: {String(value ?? "(removed)")}</li>
            ))}
          </ul>
        </Alert>
      )}
      {editing
        ? <ProfileForm profile={profile.data} onDone={() => setEditing(false)} />
        : <Button variant="secondary" onClick={() => setEditing(true)}>Change my details</Button>}
    </>
  );
}

function ProfileForm({ profile, onDone }: { profile: ProfileAnswerBody; onDone(): void }) {
  useSignals();
  const u = profile.data.attributes;
  const locked = profile.pending_request !== null;
  const { roles: _roles, ...fields } = u;
  const current: Record<string, string | null> = { ...fields, ssn: null };
  const { errors, formError, busy, onSubmit } = useFormSubmit(v.looseObject({}), async (output) => {
    const values = output as Record<string, string>;
    const body: Record<string, string | null> = {};
    for (const field of [...(locked ? [] : IDENTITY), ...CONTACT]) {
      const value = values[field]?.trim() || null;
      if (value !== (current[field] ?? null) && !(field === "ssn" && value === null)) body[field] = value;
    }
    const answer = await saveProfile(body as ProfileUpdateRequest);
    toast.success(
      answer.awaiting_approval.length
        ? "Your changes have been sent to APCA for approval"
        : "Your details have been updated",
    );
    onDone();
  });
  const field = (name: string, extra: Record<string, unknown> = {}) => (
    <TextField
      key={name}
      label={LABELS[name === "ssn" ? "ssn_last4" : name]}
      name={name}
      defaultValue={current[name] ?? ""}
      error={errors.value[name]}
      {...extra}
    />
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change my details">
      <fieldset className="form-section" disabled={locked}>
        <legend>Name, e-mail and credential: APCA approves these</legend>
        {locked && (
          <p className="field-hint">Your earlier changes to your account are waiting for APCA approval.</p>
        )}
        {field("first_name", { autoComplete: "given-name" })}
        {field("middle_name", { autoComplete: "additional-name" })}
        {field("last_name", { autoComplete: "family-name" })}
        {field("email", { type: "email", autoComplete: "email" })}
        {field("uscg_cred")}
        {field("ssn", { inputMode: "numeric", maxLength: 4, hint: "Leave empty to keep the digits on file" })}
      </fieldset>
      <fieldset className="form-section">
        <legend>Phone and address: these change at once</legend>
        {field("phone", { type: "tel", autoComplete: "tel" })}
        {field("address_one", { autoComplete: "address-line1" })}
        {field("address_two", { autoComplete: "address-line2" })}
        {field("city", { autoComplete: "address-level2" })}
        <StateSelect
          name="state"
          autoComplete="address-level1"
          defaultValue={current.state}
          error={errors.value.state}
        />
        {field("postal_code", { autoComplete: "postal-code" })}
        {field("country", { autoComplete: "country-name" })}
      </fieldset>
      {formError.value && <Alert variant="error">{formError.value}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={busy.value} busyLabel="Saving…">Save my details</Button>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
