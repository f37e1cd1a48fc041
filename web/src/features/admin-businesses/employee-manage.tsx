/**
 * What an administrator does about one employee besides removing them (issue 37, decision 0065): make this
 * company their primary business, or move them to any other company, found by a search. Each asks first in a
 * dialog that says what follows; the server's answer (or its refusal, in its words) is the toast. After a move
 * the screen opens the employee's new link.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import type { BusinessUser } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { makePrimary, moveEmployee, searchCompanies } from "./api.ts";

export function EmployeeManage(
  { employee, businessId, businessName, name }: {
    employee: BusinessUser;
    businessId: number;
    businessName: string;
    name: string;
  },
) {
  const e = employee.attributes;
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<"move" | "primary" | null>(null);
  const [term, setTerm] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState("");
  const results = useResource(
    query ? ["admin-business", "move-search", query] : null,
    (signal) => searchCompanies(query, signal),
  );
  const options = (results.data ?? []).filter((b) => b.id !== businessId);
  const target = options.find((b) => String(b.id) === picked);
  const pending = e.pending_request || e.user_pending_request;
  const move = useAction((to: number) => moveEmployee(businessId, employee.id, to), {
    success: (answer) =>
      answer.meta.open_orders.length > 0
        ? `${answer.message}. Orders already placed stay with ${businessName}: ${
          answer.meta.open_orders.join(", ")
        }`
        : answer.message,
  });
  const primary = useAction(() => makePrimary(businessId, employee.id), {
    success: `${businessName} is now ${name}'s primary business`,
  });
  return (
    <section aria-labelledby="employee-manage" className="employee-manage">
      <h3 id="employee-manage">Move or make primary</h3>
      {pending && (
        <p className="field-hint">
          A request about {name} waits for APCA: they can be moved once it is processed.
        </p>
      )}
      <p>
        {e.is_primary
          ? `${businessName} is ${name}'s primary business: their own tests go through it.`
          : `${businessName} is not ${name}'s primary business.`}
      </p>
      {!e.is_primary && (
        <div className="action-bar">
          <Button variant="secondary" disabled={primary.busy} onClick={() => setConfirm("primary")}>
            Make This Their Primary Business
          </Button>
        </div>
      )}
      {e.is_owner ? <p className="field-hint">The company's owner stays with it; only employees move.</p> : (
        <>
          <form
            role="search"
            aria-label="Find the company to move to"
            onSubmit={(ev) => {
              ev.preventDefault();
              setPicked("");
              setQuery(term.trim());
            }}
          >
            <TextField
              name="move-search"
              label="Move to another company: search by name, DBA or tax id"
              value={term}
              onChange={(ev) => setTerm(ev.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!term.trim()}>Search Companies</Button>
          </form>
          {results.loading && query && <Skeleton label="Searching…" />}
          {results.error && (
            <LoadError
              title="The companies could not be searched"
              error={results.error}
              onRetry={results.reload}
            />
          )}
          {results.data && (options.length
            ? (
              <RadioGroup
                legend="Company to move to"
                name="move-target"
                value={picked}
                onChange={setPicked}
                options={options.map((b) => ({
                  value: String(b.id),
                  label: b.attributes.name,
                  hint: [
                    b.attributes.city,
                    b.attributes.state,
                    b.attributes.is_active ? null : "inactive",
                    b.attributes.is_i3_setup ? null : "not set up in i3",
                  ].filter(Boolean).join(" · "),
                }))}
              />
            )
            : <p className="empty-state">No other company matches</p>)}
          <div className="action-bar">
            <Button disabled={pending || !target || move.busy} onClick={() => setConfirm("move")}>
              Move Employee
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm === "primary"}
        title={`Make ${businessName} ${name}'s primary business?`}
        confirmLabel="Make Primary"
        busyLabel="Saving…"
        busy={primary.busy}
        onConfirm={async () => {
          await primary.run();
          setConfirm(null);
        }}
        onClose={() => setConfirm(null)}
      >
        Their own tests (when no company pays their membership) will be ordered through {businessName}.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "move" && target !== undefined}
        title={`Move ${name} to ${target?.attributes.name ?? ""}?`}
        confirmLabel="Move Employee"
        busyLabel="Moving…"
        busy={move.busy}
        onConfirm={async () => {
          const outcome = await move.run(target!.id);
          setConfirm(null);
          if (outcome.ok) navigate(`/app/admin/employee/${outcome.result.data.id}`);
        }}
        onClose={() => setConfirm(null)}
      >
        They leave {businessName}. A membership {businessName}{" "}
        paid for moves with them, and their next tests are ordered through{" "}
        {target?.attributes.name ?? "the new company"}. A test already ordered with i3 stays with{" "}
        {businessName}.
      </ConfirmDialog>
    </section>
  );
}
