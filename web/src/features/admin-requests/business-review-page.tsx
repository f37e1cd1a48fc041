/**
 * /app/admin/notifications/{id}/business/review[?convert=1] (admin spec §4 "Company-link wizard"): INITIAL
 * (new company or link to an existing one), SELECT_EXISTING_COMPANY, ADD_NEW_COMPANY, CONFIRM_EXISTING_COMPANY,
 * CONFIRM_DUPLICATE and CONFIRM_NEW_COMPANY. Back pops one step. With a possible duplicate, linking to it is
 * on by default. Submit links or creates, toasts 'Company Request Approved' and goes to /app. The first step
 * shows what was submitted beside the candidate duplicate with its status (Active, Inactive); a name ending in
 * LLC fills "LLC Name"; the request can be declined with a reason (issue 24 item 3, decision 0069).
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call, type RequestBody } from "../../lib/typed-api.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { DuplicatesAnswerBody } from "@api/contract";
import {
  act,
  type BusinessOption,
  fetchDuplicates,
  fetchNotification,
  nextInQueue,
  searchCompanies,
} from "./api.ts";
import { CompanyForm } from "./company-form.tsx";
import { DeclineButton } from "./decline-button.tsx";
import { llcFields } from "./llc.ts";
import { StatusBadge } from "../../components/status-badge.tsx";

type NewBusinessBody = RequestBody<"/auth/notification/registration/{id}/business", "POST">;

type Step =
  | "INITIAL"
  | "SELECT_EXISTING_COMPANY"
  | "ADD_NEW_COMPANY"
  | "CONFIRM_EXISTING_COMPANY"
  | "CONFIRM_DUPLICATE"
  | "CONFIRM_NEW_COMPANY";

const CHOICE_REQUIRED = "Please indicate whether this is a new company or link it to an existing company.";

function initialFields(r: DuplicatesAnswerBody["request"]): Record<string, string> {
  return {
    name: r.business_name,
    dba_name: r.business_dba ?? "",
    tax_id: r.business_tax_id ?? "",
    email: r.business_email ?? "",
    phone: r.business_phone ?? "",
    address_one: r.business_address_one ?? "",
    address_two: r.business_address_two ?? "",
    city: r.business_city ?? "",
    state: r.business_state ?? "",
    postal_code: r.business_postal_code ?? "",
    country: r.business_country ?? "",
    po_box: r.business_po_box ?? "",
    ...llcFields(r.business_name, r.business_is_llc, r.business_llc_name),
  };
}

/** A fresh screen per notification: the queue moves from one to the next on the same route. */
export default function BusinessReviewPage({ params }: { params: { id?: string } }) {
  return <BusinessReviewPageScreen key={params.id} params={params} />;
}

function BusinessReviewPageScreen({ params }: { params: { id?: string } }) {
  const id = params.id!;
  const [search] = useSearchParams();
  const convert = search.get("convert") === "1";
  const [, navigate] = useLocation();
  const answer = useResource(["notifications", "duplicates", id], (signal) => fetchDuplicates(id, signal));
  const [steps, setSteps] = useState<Step[]>(["INITIAL"]);
  const [choice, setChoice] = useState("");
  const [choiceError, setChoiceError] = useState<string>();
  const [useDuplicate, setUseDuplicate] = useState(true);
  const [selected, setSelected] = useState<BusinessOption | null>(null);
  const [fields, setFields] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const step = steps[steps.length - 1];
  const push = (s: Step) => setSteps([...steps, s]);
  const back = () => setSteps(steps.slice(0, -1));

  if (answer.loading && !answer.data) return <Skeleton label="Loading the company request…" />;
  if (answer.error) {
    return (
      <LoadError
        title="The company request could not be loaded"
        error={answer.error}
        onRetry={answer.reload}
      />
    );
  }
  const { request, data: duplicates, message } = answer.data!;
  const duplicate = duplicates[0];
  const becomesIndividual = request.is_company === convert;

  if (request.status !== "pending") {
    return (
      <Alert variant="warning" title="Already processed">This company request was already processed.</Alert>
    );
  }

  // The desk stays in its queue: a registration's request goes back to Registrations, a company request
  // opens the next change or request.
  async function leave() {
    const kind = await fetchNotification(id, new AbortController().signal).then((n) => n.attributes.type)
      .catch(() => "NEW_BUSINESS_REQUEST");
    navigate(kind === "REGISTRATION" ? "/app?category=registration" : await nextInQueue(id));
  }

  async function submit(link: number | null) {
    setBusy(true);
    try {
      if (link !== null) {
        await act((keyed) =>
          call("/auth/notification/registration/{id}/company/link").PUT({
            params: { id },
            body: { business_id: link },
            ...keyed,
          })
        );
      } else {
        const { is_llc, ...rest } = fields!;
        await act((keyed) =>
          call("/auth/notification/registration/{id}/business").POST({
            params: { id },
            // The form's fields are named as the body's (the server validates them).
            body: { ...rest, is_llc: is_llc === "on", convert } as NewBusinessBody,
            ...keyed,
          })
        );
      }
      toast.success("Company Request Approved");
      await leave();
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) return setChoiceError(CHOICE_REQUIRED);
    if (choice === "new") return push("ADD_NEW_COMPANY");
    push(duplicate && useDuplicate ? "CONFIRM_DUPLICATE" : "SELECT_EXISTING_COMPANY");
  }

  const summary = (
    <p>
      {request.user_name} asked for <strong>{request.business_name}</strong>
      {request.business_tax_id ? ` (tax id ${request.business_tax_id})` : ""}
      {convert ? `, converted to ${becomesIndividual ? "a self-employed business" : "a company"}` : ""}.
    </p>
  );

  return (
    <section aria-labelledby="wizard-title" className="wizard">
      {/* Whose request, for which company (issue 37: the review named neither). */}
      <h2 id="wizard-title">
        Company request: {request.business_name}
        {request.user_name ? `, from ${request.user_name}` : ""}
      </h2>
      {summary}
      {message && step === "INITIAL" && <Alert variant="warning" title="Possible duplicate">{message}</Alert>}
      {step === "INITIAL" && duplicate && <SideBySide request={request} duplicate={duplicate} />}
      {step === "INITIAL" && (
        <form onSubmit={next} noValidate>
          <RadioGroup
            legend="Is this a new company, or should it be linked to an existing company?"
            name="choice"
            required
            value={choice}
            error={choiceError}
            onChange={(v) => {
              setChoice(v);
              setChoiceError(undefined);
            }}
            options={[
              { value: "new", label: "New company" },
              { value: "existing", label: "Link to an existing company" },
            ]}
          />
          {choice === "existing" && duplicate && (
            <CheckboxField
              name="use_duplicate"
              label={`Link to the possible duplicate: ${duplicate.name}`}
              checked={useDuplicate}
              onChange={(e) => setUseDuplicate(e.currentTarget.checked)}
            />
          )}
          <div className="form-actions">
            <Button type="submit">Next</Button>
            <DeclineButton id={id} what="company request" onDone={leave} />
          </div>
        </form>
      )}
      {step === "SELECT_EXISTING_COMPANY" && (
        <SelectExisting
          onBack={back}
          onPick={(b) => {
            setSelected(b);
            push("CONFIRM_EXISTING_COMPANY");
          }}
        />
      )}
      {step === "ADD_NEW_COMPANY" && (
        <CompanyForm
          initial={fields ?? initialFields(request)}
          needsTaxId={!becomesIndividual}
          onBack={back}
          onDone={(v) => {
            setFields(v);
            push("CONFIRM_NEW_COMPANY");
          }}
        />
      )}
      {step === "CONFIRM_DUPLICATE" && (
        <Confirm
          busy={busy}
          onBack={back}
          onSubmit={() => submit(duplicate.id)}
        >
          Link the request to the existing company <strong>{duplicate.name}</strong>
          {duplicate.city ? ` (${duplicate.city}, ${duplicate.state ?? ""})` : ""}, matched by{" "}
          {duplicate.matched.join(", ").replace("_", " ")}.
        </Confirm>
      )}
      {step === "CONFIRM_EXISTING_COMPANY" && selected && (
        <Confirm
          busy={busy}
          onBack={back}
          onSubmit={() => submit(selected.id)}
        >
          Link the request to the existing company <strong>{selected.attributes.name}</strong>.
        </Confirm>
      )}
      {step === "CONFIRM_NEW_COMPANY" && fields && (
        <Confirm
          busy={busy}
          onBack={back}
          onSubmit={() => submit(null)}
        >
          Create the new company <strong>{fields.name}</strong>
          {fields.tax_id ? ` (tax id ${fields.tax_id})` : ""}.
        </Confirm>
      )}
    </section>
  );
}

const MATCH_WORDS: Record<string, string> = {
  name: "name",
  tax_id: "tax ID",
  phone: "phone",
  email: "e-mail",
};

/**
 * The wizard's first step shows what was submitted beside the best candidate duplicate, with its status and
 * what matches (issue 24 item 3), so the choice is made on the first screen, not two steps later.
 */
function SideBySide({ request, duplicate }: {
  request: DuplicatesAnswerBody["request"];
  duplicate: DuplicatesAnswerBody["data"][number];
}) {
  const rows: [string, string | null, string | null, string?][] = [
    ["Name", request.business_name, duplicate.name, "name"],
    ["DBA", request.business_dba, duplicate.dba_name],
    ["Tax ID", request.business_tax_id, duplicate.tax_id, "tax_id"],
    ["Phone", request.business_phone, duplicate.phone, "phone"],
    ["Email", request.business_email, duplicate.email, "email"],
    [
      "City, state",
      [request.business_city, request.business_state].filter(Boolean).join(", ") || null,
      [duplicate.city, duplicate.state].filter(Boolean).join(", ") || null,
    ],
  ];
  return (
    <div className="table-scroll" data-testid="duplicate-compare">
      <table className="data-table">
        <caption>
          What was submitted beside the possible duplicate (matched by{" "}
          {duplicate.matched.map((m) => MATCH_WORDS[m]).join(", ")})
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Submitted</th>
            <th scope="col">
              <Link href={`/app/admin/businesses/${duplicate.id}`}>{duplicate.name}</Link>{" "}
              <StatusBadge status={duplicate.is_active ? "Active" : "Inactive"} />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, mine, theirs, key]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{mine ?? "—"}</td>
              <td>
                {theirs ?? "—"}
                {key && duplicate.matched.includes(key as never) && (
                  <>
                    {" "}
                    <strong>(same as submitted)</strong>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Confirm(
  { busy, onBack, onSubmit, children }: {
    busy: boolean;
    onBack(): void;
    onSubmit(): void;
    children: ReactNode;
  },
) {
  return (
    <div>
      <p>{children}</p>
      <div className="form-actions">
        <Button variant="secondary" disabled={busy} onClick={onBack}>Back</Button>
        <Button busy={busy} busyLabel="Submitting…" onClick={onSubmit}>Submit</Button>
      </div>
    </div>
  );
}

function SelectExisting({ onBack, onPick }: { onBack(): void; onPick(b: BusinessOption): void }) {
  const [term, setTerm] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState("");
  const results = useResource(
    query ? ["businesses", "search", query] : null,
    (signal) => searchCompanies(query, signal),
  );
  return (
    <div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(term.trim());
        }}
      >
        <TextField
          name="search"
          label="Search companies"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button type="submit" variant="secondary">Search</Button>
      </form>
      {results.loading && query && <Skeleton label="Searching…" />}
      {results.data && (results.data.length
        ? (
          <RadioGroup
            legend="Existing company"
            name="company"
            value={picked}
            onChange={setPicked}
            options={results.data.map((b) => ({
              value: String(b.id),
              label: b.attributes.name,
              hint: [b.attributes.city, b.attributes.state, b.attributes.tax_id].filter(Boolean).join(" · "),
            }))}
          />
        )
        : <p className="empty-state">No company matches</p>)}
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>Back</Button>
        <Button
          disabled={!picked}
          onClick={() => onPick(results.data!.find((b) => String(b.id) === picked)!)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
