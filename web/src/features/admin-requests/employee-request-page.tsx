/**
 * /app/admin/notifications/{id}/employee/new (admin spec §2, §4 "Employee request"): the person an owner asked
 * to add, linked to an existing user (the candidates with the same e-mail or name; possible_exists says one
 * seems to exist) or created as a new user, as the company's employee or converted to an independent member.
 */
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { DEFAULT_COUNTRY } from "@apca/rules/messages/registration";
import { StateSelect } from "../../components/state-select.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, fieldErrors, formValues } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call, type RequestBody } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import { act, fetchEmployeeRequest, nextInQueue } from "./api.ts";

type NewEmployeeBody = RequestBody<"/auth/notification/registration/{id}/employee", "POST">;

const FIELDS = [
  ["first_name", "First Name"],
  ["middle_name", "Middle Name"],
  ["last_name", "Last Name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["address_one", "Address"],
  ["address_two", "Address Line 2"],
  ["city", "City"],
  ["state", "State"],
  ["postal_code", "Postal Code"],
  ["country", "Country"],
  ["uscg_cred", "USCG Credential"],
] as const;

/** A fresh screen per notification: the queue moves from one to the next on the same route. */
export default function EmployeeRequestPage({ params }: { params: { id?: string } }) {
  return <EmployeeRequestPageScreen key={params.id} params={params} />;
}

function EmployeeRequestPageScreen({ params }: { params: { id?: string } }) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const review = useResource(["notifications", "employee", id], (signal) => fetchEmployeeRequest(id, signal));
  const [choice, setChoice] = useState("");
  const [convert, setConvert] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  if (review.loading && !review.data) return <Skeleton label="Loading the request…" />;
  if (review.error) {
    return <LoadError title="The request could not be loaded" error={review.error} onRetry={review.reload} />;
  }
  const r = review.data!;
  const pending = r.status === "pending";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      if (choice.startsWith("user-")) {
        await act((keyed) =>
          call("/auth/notification/registration/{id}/employee/link").PUT({
            params: { id },
            body: { user_id: Number(choice.slice(5)) },
            ...keyed,
          })
        );
        toast.success("Successfully linked to existing user");
      } else {
        const values = formValues(event.currentTarget);
        await act((keyed) =>
          call("/auth/notification/registration/{id}/employee").POST({
            params: { id },
            // The form's fields are named as the body's (the server validates them).
            body: { ...values, convert } as NewEmployeeBody,
            ...keyed,
          })
        );
        toast.success("Successfully added new user to company");
      }
      // Opened from a registration's card, the desk goes back to Registrations; else to the next change.
      navigate(
        new URLSearchParams(globalThis.location.search).get("from") === "registration"
          ? "/app?category=registration"
          : await nextInQueue(id).catch(() => "/app?category=changes"),
      );
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">
        {r.owner_name ?? "The owner"} asks to add {r.user.first_name} {r.user.last_name} to {r.company_name}
      </h2>
      {!pending && (
        <Alert variant="warning" title="Already processed">This request was already {r.status}.</Alert>
      )}
      {r.possible_exists && pending && (
        <Alert variant="info" title="This person may already have an account">
          A user with the same e-mail or name exists; link the request to them rather than creating a second.
        </Alert>
      )}
      {pending && (
        <form onSubmit={submit} noValidate>
          <RadioGroup
            legend="Link or create"
            name="choice"
            required
            value={choice}
            onChange={setChoice}
            options={[
              ...r.candidates.map((u) => ({
                value: `user-${u.id}`,
                label: `Link to ${u.first_name} ${u.last_name} (${u.email})`,
                hint: u.member_number ?? undefined,
              })),
              { value: "new", label: "Create a new user" },
            ]}
          />
          {choice === "new" && (
            <fieldset className="form-section">
              <legend>New user</legend>
              {FIELDS.map(([name, text]) =>
                name === "state"
                  ? (
                    <StateSelect
                      key={name}
                      name={name}
                      label={text}
                      defaultValue={r.user[name]}
                      error={errors[name]}
                    />
                  )
                  : (
                    <TextField
                      key={name}
                      name={name}
                      label={text}
                      // A new user starts in the registration's country, like every address form.
                      defaultValue={r.user[name] ?? (name === "country" ? DEFAULT_COUNTRY : "")}
                      error={errors[name]}
                      required={name === "first_name" || name === "last_name" || name === "email"}
                    />
                  )
              )}
              <CheckboxField
                name="convert"
                label="Add as an independent member instead of a company employee"
                checked={convert}
                onChange={(e) => setConvert(e.currentTarget.checked)}
              />
            </fieldset>
          )}
          <div className="form-actions">
            <Button type="submit" busy={busy} busyLabel="Saving…" disabled={!choice}>
              {choice === "new" ? "Create user" : "Link user"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
