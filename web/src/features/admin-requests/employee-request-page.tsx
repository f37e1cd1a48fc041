/**
 * /app/admin/notifications/{id}/employee/new (admin spec §2, §4 "Employee request"): the person an owner asked
 * to add, linked to an existing user (the candidates with the same e-mail or name; possible_exists says one
 * seems to exist) or created as a new user, as the company's employee or converted to an independent member.
 * The screen carries its own context (issue 24 item 3, decision 0069): the requested person's details and the
 * ranked candidates (what each shares with them) show at once; the best candidate is preselected only when it
 * is a strong match (the same e-mail, or the same name with the same phone or credential), "Create a new
 * user" when there is none; the request can be declined with a reason.
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
import { DeclineButton } from "./decline-button.tsx";
import { DetailsList } from "../../components/details-list.tsx";
import type { EmployeeRequestReview } from "@api/contract";

const MATCH_WORDS = {
  email: "same e-mail",
  name: "same name",
  phone: "same phone",
  credential: "same credential",
};

/** What a candidate shares with the requested person, and whether that is a strong match. */
const candidateHint = (u: EmployeeRequestReview["candidates"][number]) =>
  [
    u.member_number,
    u.match.map((m) => MATCH_WORDS[m]).join(", ").replace(/^./, (c) => c.toUpperCase()),
    u.strong ? "strong match" : "weak match: check before linking",
  ].filter(Boolean).join(" · ");

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
  const [picked, setChoice] = useState<string | null>(null);
  const [convert, setConvert] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  if (review.loading && !review.data) return <Skeleton label="Loading the request…" />;
  if (review.error) {
    return <LoadError title="The request could not be loaded" error={review.error} onRetry={review.reload} />;
  }
  const r = review.data!;
  const pending = r.status === "pending";
  // Until the administrator picks: a strong best candidate, "new" when nobody matches, else nothing.
  const choice = picked ??
    (r.candidates[0]?.strong ? `user-${r.candidates[0].id}` : r.candidates.length === 0 ? "new" : "");
  const leave = async () =>
    navigate(
      new URLSearchParams(globalThis.location.search).get("from") === "registration"
        ? "/app?category=registration"
        : await nextInQueue(id).catch(() => "/app?category=changes"),
    );

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
      await leave();
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
      <section aria-labelledby="requested-heading">
        <h3 id="requested-heading">The person requested</h3>
        <DetailsList
          label="The person requested"
          items={[
            ["Name", [r.user.first_name, r.user.middle_name, r.user.last_name].filter(Boolean).join(" ")],
            ["Email", r.user.email],
            ["Phone", r.user.phone],
            [
              "Address",
              [r.user.address_one, r.user.address_two, r.user.city, r.user.state, r.user.postal_code]
                .filter(Boolean).join(", "),
            ],
            ["USCG credential", r.user.uscg_cred],
            ["Company", r.company_name],
          ]}
        />
      </section>
      {pending && (
        <form onSubmit={submit} noValidate>
          <RadioGroup
            legend={r.candidates.length
              ? `Matching users, best first (${r.candidates.length}): link one, or create a new user`
              : "No existing user matches: create a new user"}
            name="choice"
            required
            value={choice}
            onChange={setChoice}
            options={[
              ...r.candidates.map((u) => ({
                value: `user-${u.id}`,
                label: `Link to ${u.first_name} ${u.last_name} (${u.email})`,
                hint: candidateHint(u),
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
            <DeclineButton id={id} what="employee request" disabled={busy} onDone={leave} />
          </div>
        </form>
      )}
    </section>
  );
}
