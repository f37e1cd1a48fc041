/**
 * The administrators' Refund section of a user's Membership Details (issue 37, decision 0081): the term's
 * charge, what was refunded and what is left; an amount (prefilled with what is left, never more, checked
 * before sending) and a reason; a confirmation that says whether the term ends (a whole refund ends it, a part
 * refund keeps it). The step-up is asked in place when the server wants it (lib/api.ts).
 */
import { type FormEvent, useState } from "react";
import type { MembershipRefund } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { TextField } from "../../components/text-field.tsx";
import { formatInstantDay } from "../../lib/dates.ts";
import { dollarsToCents, formatMoney } from "../../lib/money.ts";
import { call } from "../../lib/typed-api.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { Panel } from "./membership-parts.tsx";
import { amountProblem } from "./refund-amount.ts";

const refundKey = (userId: number) => ["membership", `user:${userId}`, "refund"];

const money = (cents: number) => formatMoney(cents, { cents: true });

export function RefundPanel({ userId }: { userId: number }) {
  const info = useResource(
    refundKey(userId),
    (signal) =>
      call("/auth/user/{id}/membership/refund").GET({ params: { id: String(userId) }, signal }).then((a) =>
        a.data
      ),
  );
  const [amount, setAmount] = useState<string>();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState<{ cents: number; key: string } | null>(null);
  const refund = useAction(
    (cents: number, key: string) =>
      call("/auth/user/{id}/membership/refund").POST({
        params: { id: String(userId) },
        body: { amount_cents: cents, reason: reason.trim() || null },
        headers: { "Idempotency-Key": key },
      }),
    { success: (answer) => answer.message, invalidate: [["membership", `user:${userId}`], ["admin-user"]] },
  );

  if (info.loading && !info.data) return <Skeleton lines={2} label="Loading the membership's charge…" />;
  if (info.error) {
    return (
      <Panel id="membership-refund" title="Refund">
        <p role="alert">The membership's charge could not be loaded.</p>
        <Button variant="secondary" onClick={() => info.reload()}>Try again</Button>
      </Panel>
    );
  }
  const r: MembershipRefund | null | undefined = info.data;
  if (!r) return null;
  const left = r.refundable_cents;
  const text = amount ?? (left > 0 ? (left / 100).toFixed(2) : "");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = amountProblem(text, left);
    setError(problem ?? undefined);
    if (problem) return;
    setConfirm({ cents: dollarsToCents(text)!, key: crypto.randomUUID() });
  }

  const whole = confirm !== null && confirm.cents === left;
  return (
    <Panel id="membership-refund" title="Refund">
      <dl className="details-list">
        <dt>Order</dt>
        <dd>{r.order_number ?? "—"}</dd>
        <dt>Charged</dt>
        <dd>{money(r.charged_cents)}</dd>
        <dt>Refunded</dt>
        <dd>{money(r.refunded_cents)}</dd>
        <dt>Left to refund</dt>
        <dd data-testid="refund-left">{money(left)}</dd>
      </dl>
      {r.refunds.length > 0 && (
        <ul aria-label="Refunds made">
          {r.refunds.map((x) => (
            <li key={x.id}>
              {formatInstantDay(x.created_at)}: {money(x.amount_cents)}
              {x.ends_term ? " (ended the term)" : ""}
              {x.reason ? `, ${x.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
      {r.refusal ? <p>{r.refusal}</p> : (
        <form onSubmit={onSubmit} noValidate className="form-section">
          <TextField
            name="amount"
            label="Amount to refund ($)"
            inputMode="decimal"
            value={text}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            hint={`At most ${
              money(left)
            }. Refunding all that is left ends the term now; a part refund keeps it.`}
          />
          <TextField
            name="reason"
            label="Reason (optional)"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <div className="form-actions">
            <Button type="submit" variant="danger" busy={refund.busy} busyLabel="Refunding…">
              Refund
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={`Refund ${confirm ? money(confirm.cents) : ""} to the member's card?`}
        confirmLabel="Refund"
        busyLabel="Refunding…"
        busy={refund.busy}
        destructive
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          const done = await refund.run(confirm.cents, confirm.key);
          setConfirm(null);
          if (done.ok) {
            setAmount(undefined);
            setReason("");
          }
        }}
      >
        <p>
          {whole
            ? "This refunds all that is left of the charge: the membership's term ends now and it stops renewing."
            : "This is a part refund: the membership's term stays as it is."}{" "}
          The member is e-mailed a refund receipt.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
