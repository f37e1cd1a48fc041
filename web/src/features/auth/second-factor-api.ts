/**
 * The second-factor calls (decision 0043): the overview, enrolment of an authenticator app or a passkey, the
 * verification that completes a sign-in (and the step-up before sensitive actions), recovery codes, removal.
 * Passkeys go through @simplewebauthn/browser, which turns the server's options into the browser's WebAuthn
 * call and its answer back into JSON.
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type {
  RecoveryCodes,
  SecondFactorEnrolAnswer,
  SecondFactorMessage,
  SecondFactorOverview,
  SecondFactorVerifyAnswer,
  SecondFactorVerifyRequest,
  TotpSecret,
  WebAuthnOptionsAnswer,
} from "@api/contract";
import { api } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import { hasIndexedDb, rememberUser } from "../../offline/db.ts";

export const fetchOverview = (signal?: AbortSignal) =>
  api<SecondFactorOverview>("/auth/second-factor", { signal });

export const newTotpSecret = () => api<TotpSecret>("/auth/second-factor/totp/secret", { method: "POST" });

export async function enrolTotp(secret: string, code: string, label?: string) {
  const answer = await api<SecondFactorEnrolAnswer>("/auth/second-factor/totp", {
    body: { secret, code, ...(label ? { label } : {}) },
  });
  markVerified();
  return answer;
}

export async function enrolPasskey(label?: string) {
  const { options } = await api<WebAuthnOptionsAnswer>("/auth/second-factor/passkey/options", {
    method: "POST",
  });
  // deno-lint-ignore no-explicit-any -- the server's options are WebAuthn's JSON, passed through as they are
  const response = await startRegistration({ optionsJSON: options as any });
  const answer = await api<SecondFactorEnrolAnswer>("/auth/second-factor/passkey", {
    body: { response, ...(label ? { label } : {}) },
  });
  markVerified();
  return answer;
}

export async function verify(request: SecondFactorVerifyRequest) {
  const answer = await api<SecondFactorVerifyAnswer>("/auth/second-factor/verify", { body: request });
  markVerified();
  return answer;
}

export async function verifyWithPasskey() {
  const { options } = await api<WebAuthnOptionsAnswer>("/auth/second-factor/verify/options", {
    method: "POST",
  });
  // deno-lint-ignore no-explicit-any -- as above
  const response = await startAuthentication({ optionsJSON: options as any });
  return await verify({ method: "passkey", response: response as never });
}

export const newRecoveryCodes = () =>
  api<RecoveryCodes>("/auth/second-factor/recovery-codes", { method: "POST" });

export const removeFactor = (id: number) =>
  api<SecondFactorMessage>(`/auth/second-factor/${id}`, { method: "DELETE" });

export const resetUserFactors = (userId: number) =>
  api<SecondFactorMessage>(`/auth/user/${userId}/second-factor`, { method: "DELETE" });

/**
 * The session now counts as confirmed: the app shell stops sending the user to the second-factor step, and the
 * user kept for offline starts says so too (else a cold start at sea would open the step, which needs the network).
 */
function markVerified(): void {
  if (!session.value) return;
  const user = { ...session.value, second_factor: "verified" as const };
  session.value = user;
  if (hasIndexedDb()) void rememberUser(user).catch(() => undefined);
}

/** Whether the session still owes its second factor (the app's screens wait until it does not). */
export const secondFactorPending = (state: string | undefined) => state === "enrol" || state === "verify";
