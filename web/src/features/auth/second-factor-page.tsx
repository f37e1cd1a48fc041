/**
 * /login/second-factor, "Confirm Sign-In" (decision 0043): after the password, a session that owes its second
 * factor comes here: an administrator without one sets one up (a passkey or an authenticator app, then the
 * recovery codes, shown once); anyone who has one confirms with it. With ?step-up=1 a confirmed session
 * confirms again before a sensitive action. Then back to ?next (same-site only) or /app.
 */
import { useEffect } from "react";
import { useLocation, useSearchParams } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { SecondFactorEnrolAnswer, SecondFactorOverview } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Loading } from "../../components/loading.tsx";
import { ApiError } from "../../lib/api.ts";
import { safeNext } from "../../lib/safe-next.ts";
import { noticeOnNextPage, toast } from "../../lib/toast.ts";
import { signOut } from "./api.ts";
import { fetchOverview } from "./second-factor-api.ts";
import { PasskeySetup, RecoveryCodesPanel, TotpSetup, VerifyForms } from "./second-factor-parts.tsx";

export default function SecondFactorStepPage() {
  useSignals();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const stepUp = search.get("step-up") === "1";
  const next = safeNext(search.get("next"));
  const overview = useSignal<SecondFactorOverview | null>(null);
  const failure = useSignal<unknown>(null);
  const attempt = useSignal(0);
  const codes = useSignal<string[] | null>(null);
  const method = useSignal<"passkey" | "totp">("passkey");

  useEffect(() => {
    const controller = new AbortController();
    failure.value = null;
    fetchOverview(controller.signal).then((o) => {
      if (!stepUp && (o.state === "verified" || o.state === "off")) navigate(next, { replace: true });
      else overview.value = o;
    }, (error) => {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 401) {
        navigate(`/login?next=${encodeURIComponent(next)}`, { replace: true });
      } else failure.value = error;
    });
    return () => controller.abort();
  }, [attempt.value]);

  const done = () => {
    if (stepUp) toast.success("Confirmed. Please repeat your action.");
    else noticeOnNextPage("Successfully logged into your account");
    navigate(next, { replace: true });
  };
  const enrolled = (answer: SecondFactorEnrolAnswer) => {
    if (answer.recovery_codes) codes.value = answer.recovery_codes;
    else done();
  };

  if (failure.value) {
    return (
      <div className="narrow">
        <LoadError
          title="We could not check your sign-in"
          error={failure.value}
          onRetry={() => attempt.value++}
        />
      </div>
    );
  }
  const o = overview.value;
  if (!o) return <Loading label="Checking your sign-in…" />;
  if (codes.value) {
    return (
      <div className="narrow">
        <RecoveryCodesPanel codes={codes.value} onDone={done} />
      </div>
    );
  }

  if (o.state === "enrol") {
    return (
      <div className="narrow">
        <Alert variant="info" title="Set up a second factor">
          Administrators confirm every sign-in with a second factor. Choose a passkey (your device's
          fingerprint, face or PIN, or a security key) or an authenticator app.
        </Alert>
        <div role="group" aria-label="Second factor" className="button-row">
          <Button
            variant={method.value === "passkey" ? "primary" : "secondary"}
            aria-pressed={method.value === "passkey"}
            onClick={() => (method.value = "passkey")}
          >
            Passkey
          </Button>{" "}
          <Button
            variant={method.value === "totp" ? "primary" : "secondary"}
            aria-pressed={method.value === "totp"}
            onClick={() => (method.value = "totp")}
          >
            Authenticator app
          </Button>
        </div>
        {method.value === "passkey"
          ? <PasskeySetup onEnrolled={enrolled} />
          : <TotpSetup onEnrolled={enrolled} />}
        <p>
          <Button variant="link" onClick={() => void signOut()}>Sign out</Button>
        </p>
      </div>
    );
  }

  const kinds = new Set(o.factors.map((f) => f.kind));
  return (
    <div className="narrow">
      <p>
        {stepUp
          ? "This action needs a fresh confirmation. Please confirm it is you with your second factor."
          : "Please confirm your sign-in with your second factor."}
      </p>
      <VerifyForms hasPasskey={kinds.has("passkey")} hasApp={kinds.has("totp")} onVerified={done} />
      <p>
        <Button variant="link" onClick={() => void signOut()}>Sign out</Button>
      </p>
    </div>
  );
}
