/**
 * The second factor's building blocks, shared by the sign-in step (/login/second-factor) and the account's
 * security screen: setting up an authenticator app, adding a passkey, confirming with either or with a recovery
 * code, and showing new recovery codes once.
 */
import { type FormEvent, useEffect } from "react";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import qrcode from "qrcode-generator";
import type { SecondFactorEnrolAnswer, TotpSecret } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { enrolPasskey, enrolTotp, newTotpSecret, verify, verifyWithPasskey } from "./second-factor-api.ts";

/** Whether this browser can create and use passkeys at all. */
export const passkeysSupported = () => typeof globalThis.PublicKeyCredential === "function";

function QrCode({ text }: { text: string }) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return (
    <img
      className="totp-qr"
      src={qr.createDataURL(4, 8)}
      alt="QR code of the authenticator secret (the same secret is written below)"
      width={qr.getModuleCount() * 4 + 64}
      height={qr.getModuleCount() * 4 + 64}
    />
  );
}

/** Scan or type the secret, then prove it with a current code. */
export function TotpSetup({ onEnrolled }: { onEnrolled: (answer: SecondFactorEnrolAnswer) => void }) {
  useSignals();
  const secret = useSignal<TotpSecret | null>(null);
  const failure = useSignal<string | null>(null);
  const codeError = useSignal<string | undefined>(undefined);
  const busy = useSignal(false);

  useEffect(() => {
    newTotpSecret().then((s) => (secret.value = s), (e) => (failure.value = errorMessage(e)));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value || !secret.value) return;
    const data = new FormData(event.currentTarget);
    const code = String(data.get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code)) {
      codeError.value = "Please enter the 6-digit code from your authenticator app.";
      return;
    }
    busy.value = true;
    codeError.value = undefined;
    failure.value = null;
    try {
      onEnrolled(await enrolTotp(secret.value.secret, code, String(data.get("label") ?? "").trim()));
    } catch (error) {
      codeError.value = fieldErrors(error).code;
      if (!codeError.value) failure.value = errorMessage(error);
    } finally {
      busy.value = false;
    }
  }

  if (!secret.value) {
    return failure.value ? <Alert variant="error">{failure.value}</Alert> : <p data-loading>Preparing…</p>;
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Set up an authenticator app">
      <p>
        Scan this code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password), or type the secret key into it.
      </p>
      <QrCode text={secret.value.uri} />
      <p>
        Secret key: <code data-testid="totp-secret">{secret.value.secret}</code>
      </p>
      <TextField label="Name (optional)" name="label" placeholder="Authenticator app" maxLength={60} />
      <TextField
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={codeError.value}
      />
      <Button type="submit" busy={busy.value} busyLabel="Checking…">Turn on</Button>
      {failure.value && <Alert variant="error">{failure.value}</Alert>}
    </form>
  );
}

/** One button: the browser asks for a passkey to be created, and the server records it. */
export function PasskeySetup({ onEnrolled }: { onEnrolled: (answer: SecondFactorEnrolAnswer) => void }) {
  useSignals();
  const busy = useSignal(false);
  const failure = useSignal<string | null>(null);
  if (!passkeysSupported()) return <p>This browser cannot create passkeys.</p>;
  return (
    <div>
      <Button
        busy={busy.value}
        busyLabel="Waiting for your passkey…"
        onClick={async () => {
          busy.value = true;
          failure.value = null;
          try {
            onEnrolled(await enrolPasskey());
          } catch (error) {
            failure.value = passkeyError(error);
          } finally {
            busy.value = false;
          }
        }}
      >
        Add a passkey
      </Button>
      {failure.value && <Alert variant="error">{failure.value}</Alert>}
    </div>
  );
}

function passkeyError(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "The passkey request was cancelled or timed out. Please try again.";
  }
  return errorMessage(error);
}

/** The recovery codes, shown once. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="recovery-codes">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <Alert variant="warning">
        Save these codes somewhere safe (print them or keep them in a password manager). Each one signs you in
        once if you lose your passkey or phone. They are shown only now.
      </Alert>
      <ul className="recovery-code-list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button
        onClick={() => navigator.clipboard?.writeText(codes.join("\n")).catch(() => undefined)}
        variant="secondary"
      >
        Copy codes
      </Button>{" "}
      <Button onClick={onDone}>I have saved my codes</Button>
    </section>
  );
}

/** Confirm with a passkey, a code from the app, or a recovery code. */
export function VerifyForms(
  { hasPasskey, hasApp, onVerified }: { hasPasskey: boolean; hasApp: boolean; onVerified: () => void },
) {
  useSignals();
  const useRecovery = useSignal(!hasPasskey && !hasApp);
  const busy = useSignal<"passkey" | "code" | null>(null);
  const failure = useSignal<string | null>(null);
  const codeError = useSignal<string | undefined>(undefined);

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      codeError.value = useRecovery.value
        ? "Please enter one of your recovery codes."
        : "Please enter the 6-digit code from your authenticator app.";
      return;
    }
    busy.value = "code";
    codeError.value = undefined;
    failure.value = null;
    try {
      await verify({ method: useRecovery.value ? "recovery" : "totp", code });
      onVerified();
    } catch (error) {
      codeError.value = fieldErrors(error).code;
      if (!codeError.value) failure.value = errorMessage(error);
    } finally {
      busy.value = null;
    }
  }

  return (
    <div className="second-factor-verify">
      {hasPasskey && !useRecovery.value && (
        <p>
          <Button
            busy={busy.value === "passkey"}
            busyLabel="Waiting for your passkey…"
            disabled={busy.value !== null}
            onClick={async () => {
              busy.value = "passkey";
              failure.value = null;
              try {
                await verifyWithPasskey();
                onVerified();
              } catch (error) {
                failure.value = passkeyError(error);
              } finally {
                busy.value = null;
              }
            }}
          >
            Use your passkey
          </Button>
        </p>
      )}
      {(hasApp || useRecovery.value) && (
        <form
          noValidate
          onSubmit={submitCode}
          aria-label={useRecovery.value
            ? "Confirm with a recovery code"
            : "Confirm with your authenticator app"}
        >
          <TextField
            key={useRecovery.value ? "recovery" : "totp"}
            label={useRecovery.value ? "Recovery code" : "6-digit code from your authenticator app"}
            name="code"
            inputMode={useRecovery.value ? "text" : "numeric"}
            autoComplete="one-time-code"
            maxLength={useRecovery.value ? 40 : 6}
            required
            error={codeError.value}
          />
          <Button
            type="submit"
            busy={busy.value === "code"}
            disabled={busy.value !== null}
            busyLabel="Checking…"
          >
            Confirm
          </Button>
        </form>
      )}
      {failure.value && <Alert variant="error">{failure.value}</Alert>}
      <p>
        <Button
          variant="link"
          onClick={() => {
            useRecovery.value = !useRecovery.value;
            codeError.value = undefined;
            failure.value = null;
          }}
        >
          {useRecovery.value ? "Use your passkey or authenticator app" : "Use a recovery code instead"}
        </Button>
      </p>
    </div>
  );
}
