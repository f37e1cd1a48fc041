/**
 * /app/account/security, "Sign-In Security" (decision 0043): the account's second factors. Optional for members
 * and DERs, required for administrators: add a passkey or an authenticator app, see and remove them, and get new
 * recovery codes. Once a member has one, their sign-in asks for it.
 */
import { useEffect } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { SecondFactorEnrolAnswer, SecondFactorOverview } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDay } from "../../lib/dates.ts";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { useAction } from "../../lib/use-action.ts";
import { fetchOverview, newRecoveryCodes, removeFactor } from "./second-factor-api.ts";
import { PasskeySetup, RecoveryCodesPanel, TotpSetup } from "./second-factor-parts.tsx";

type Factor = SecondFactorOverview["factors"][number];

export default function SecurityPage() {
  useSignals();
  const overview = useSignal<SecondFactorOverview | null>(null);
  const failure = useSignal<unknown>(null);
  const attempt = useSignal(0);
  const adding = useSignal<"passkey" | "totp" | null>(null);
  const codes = useSignal<string[] | null>(null);
  const removing = useSignal<Factor | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchOverview(controller.signal).then((o) => {
      overview.value = o;
      failure.value = null;
    }, (error) => {
      if (!controller.signal.aborted) failure.value = error;
    });
    return () => controller.abort();
  }, [attempt.value]);

  const reload = () => attempt.value++;
  const enrolled = (answer: SecondFactorEnrolAnswer) => {
    adding.value = null;
    toast.success(answer.message);
    if (answer.recovery_codes) codes.value = answer.recovery_codes;
    reload();
  };

  const newCodes = useAction(newRecoveryCodes);
  const remove = useAction((id: Factor["id"]) => removeFactor(id), { success: (answer) => answer.message });
  // One busy for both: neither starts while the other runs.
  const busy = newCodes.busy || remove.busy;

  if (failure.value && !overview.value) {
    return (
      <LoadError title="Your sign-in security could not be loaded" error={failure.value} onRetry={reload} />
    );
  }
  const o = overview.value;
  if (!o) return <Skeleton lines={4} label="Loading your sign-in security…" />;
  if (codes.value) return <RecoveryCodesPanel codes={codes.value} onDone={() => (codes.value = null)} />;

  return (
    <div className="narrow">
      <p>
        {o.required
          ? "As an administrator you confirm every sign-in with a second factor; keep at least one."
          : "A second factor keeps your account safe even if someone learns your password. Once you add one, " +
            "each sign-in asks for it."}
      </p>
      <h2>Your second factors</h2>
      {o.factors.length === 0
        ? <p>None yet.</p>
        : (
          <ul className="factor-list" aria-label="Your second factors">
            {o.factors.map((f) => (
              <li key={f.id}>
                <strong>{f.label}</strong> ({f.kind === "passkey" ? "passkey" : "authenticator app"}), added
                {" "}
                {formatDay(f.created_at.slice(0, 10))}{" "}
                <Button variant="link" onClick={() => (removing.value = f)} aria-label={`Remove ${f.label}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      {o.factors.length > 0 && <p>Recovery codes left: {o.recovery_codes_left}</p>}

      {adding.value === null
        ? (
          <p className="button-row">
            <Button onClick={() => (adding.value = "passkey")}>Add a passkey</Button>{" "}
            <Button variant="secondary" onClick={() => (adding.value = "totp")}>
              Add an authenticator app
            </Button>
            {o.factors.length > 0 && (
              <>
                {" "}
                <Button
                  variant="secondary"
                  busy={busy}
                  busyLabel="Making new codes…"
                  onClick={async () => {
                    const outcome = await newCodes.run();
                    if (!outcome.ok) return;
                    codes.value = outcome.result.recovery_codes;
                    reload();
                  }}
                >
                  New recovery codes
                </Button>
              </>
            )}
          </p>
        )
        : (
          <section aria-label={adding.value === "passkey" ? "Add a passkey" : "Add an authenticator app"}>
            {adding.value === "passkey"
              ? <PasskeySetup onEnrolled={enrolled} />
              : <TotpSetup onEnrolled={enrolled} />}
            <p>
              <Button variant="link" onClick={() => (adding.value = null)}>Cancel</Button>
            </p>
          </section>
        )}
      {failure.value !== null && <Alert variant="error">{errorMessage(failure.value)}</Alert>}

      <ConfirmDialog
        open={removing.value !== null}
        title="Remove this second factor?"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={busy}
        destructive
        onClose={() => (removing.value = null)}
        onConfirm={async () => {
          const factor = removing.value;
          if (!factor || busy) return;
          if (!(await remove.run(factor.id)).ok) return;
          removing.value = null;
          reload();
        }}
      >
        <p>{removing.value?.label} will no longer sign you in.</p>
      </ConfirmDialog>
    </div>
  );
}
