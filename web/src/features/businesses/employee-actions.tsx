/**
 * What a company's owner does about one employee (issue 25, decision 0065): remove them when they left (not
 * while a request about them waits for APCA), move them to another of the DER's companies, make this company
 * their primary business. Removing sits apart, in the danger zone. Each asks for confirmation first; the
 * buttons are disabled while working.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import type { BusinessUser } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import {
  BUSINESSES_KEY,
  fetchDerCompanies,
  makePrimary,
  moveEmployee,
  removeEmployee,
} from "./businesses.ts";

export function EmployeeActions(
  { businessId, employee, name }: { businessId: number; employee: BusinessUser; name: string },
) {
  const e = employee.attributes;
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<"remove" | "move" | null>(null);
  const [target, setTarget] = useState("");
  const companies = useResource([...BUSINESSES_KEY, "der"], (signal) => fetchDerCompanies(signal));
  const others = (companies.data ?? []).filter((c) => c.id !== businessId);
  const pending = e.pending_request || e.user_pending_request;
  const remove = useAction(() => removeEmployee(businessId, employee.id), {
    success: `${name} has been removed from the company`,
  });
  const move = useAction((to: number) => moveEmployee(businessId, employee.id, to), {
    success: (answer) =>
      answer.meta.open_orders.length > 0
        ? `${answer.message}. Orders already placed stay with this company: ${
          answer.meta.open_orders.join(", ")
        }`
        : answer.message,
  });
  const primary = useAction(() => makePrimary(businessId, employee.id), {
    success: "This company is now the primary business",
  });
  const targetName = others.find((c) => String(c.id) === target)?.attributes.name ?? "the other company";
  return (
    <section aria-labelledby={`manage-${employee.id}`}>
      <h3 id={`manage-${employee.id}`}>Manage</h3>
      {pending && (
        <p className="field-hint">
          A request about {name} waits for APCA: they can be removed or moved once it is processed.
        </p>
      )}
      {!e.is_primary && (
        <div className="business-actions">
          <Button
            variant="secondary"
            busy={primary.busy}
            busyLabel="Saving…"
            onClick={() => primary.run()}
          >
            Make This Their Primary Business
          </Button>
        </div>
      )}
      {others.length > 0 && (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            if (target) setConfirm("move");
          }}
        >
          <div className="field">
            <label htmlFor={`move-${employee.id}`}>Move to another of your companies</label>
            <select id={`move-${employee.id}`} value={target} onChange={(ev) => setTarget(ev.target.value)}>
              <option value="">Choose a company</option>
              {others.map((c) => <option key={c.id} value={c.id}>{c.attributes.name}</option>)}
            </select>
          </div>
          <div className="form-actions">
            <Button type="submit" variant="secondary" disabled={pending || !target}>Move Employee</Button>
          </div>
        </form>
      )}
      <DangerZone>
        <Button variant="danger" disabled={pending} onClick={() => setConfirm("remove")}>
          Remove From Company
        </Button>
      </DangerZone>
      <ConfirmDialog
        open={confirm === "remove"}
        title={`Remove ${name} from the company?`}
        confirmLabel="Remove Employee"
        busyLabel="Removing…"
        destructive
        busy={remove.busy}
        onConfirm={async () => {
          const outcome = await remove.run();
          setConfirm(null);
          if (outcome.ok) navigate(`/app/member/businesses/${businessId}?tab=employees`);
        }}
        onClose={() => setConfirm(null)}
      >
        Their tests and letters stay. A membership the company paid for stays until its end date but will not
        renew on the company's card.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "move"}
        title={`Move ${name} to ${targetName}?`}
        confirmLabel="Move Employee"
        busyLabel="Moving…"
        busy={move.busy}
        onConfirm={async () => {
          const outcome = await move.run(Number(target));
          setConfirm(null);
          if (outcome.ok) navigate(`/app/member/businesses/${target}?tab=employees`);
        }}
        onClose={() => setConfirm(null)}
      >
        The membership this company paid for moves with them, and their next tests are ordered through{" "}
        {targetName}. A test already ordered with i3 stays with this company.
      </ConfirmDialog>
    </section>
  );
}
