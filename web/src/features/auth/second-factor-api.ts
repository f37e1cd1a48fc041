/**
 * The second-factor calls (decision 0043): the overview, enrolment of an authenticator app or a passkey, the
 * verification that completes a sign-in (and the step-up before sensitive actions), recovery codes, removal.
 * Passkeys go through @simplewebauthn/browser, which turns the server's options into the browser's WebAuthn
 * call and its answer back into JSON.
 */
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import type { SecondFactorVerifyRequest } from "@api/contract";
import { session } from "../../lib/session.ts";
import { call, type RequestBody } from "../../lib/typed-api.ts";
import { hasIndexedDb, rememberUser } from "../../offline/db.ts";

export const fetchOverview = (signal?: AbortSignal) => call("/auth/second-factor").GET({ signal });

export const newTotpSecret = () => call("/auth/second-factor/totp/secret").POST();

export async function enrolTotp(secret: string, code: string, label?: string) {
  const answer = await call("/auth/second-factor/totp").POST({
    body: { secret, code, ...(label ? { label } : {}) },
  });
  markVerified();
  return answer;
}

/**
 * The browser's WebAuthn answer as the plain objects the body's schema takes (JSON with open keys; the
 * library's types have closed ones). The same JSON is sent.
 */
function plain(
  credential: RegistrationResponseJSON | AuthenticationResponseJSON,
): RequestBody<"/auth/second-factor/passkey", "POST">["response"] {
  return {
    ...credential,
    response: { ...credential.response },
    clientExtensionResults: { ...credential.clientExtensionResults },
  };
}

export async function enrolPasskey(label?: string) {
  const { options } = await call("/auth/second-factor/passkey/options").POST();
  // deno-lint-ignore no-explicit-any -- the server's options are WebAuthn's JSON, passed through as they are
  const response = await startRegistration({ optionsJSON: options as any });
  const answer = await call("/auth/second-factor/passkey").POST({
    body: { response: plain(response), ...(label ? { label } : {}) },
  });
  markVerified();
  return answer;
}

export async function verify(request: SecondFactorVerifyRequest) {
  const answer = await call("/auth/second-factor/verify").POST({ body: request });
  markVerified();
  return answer;
}

export async function verifyWithPasskey() {
  const { options } = await call("/auth/second-factor/verify/options").POST();
  // deno-lint-ignore no-explicit-any -- as above
  const response = await startAuthentication({ optionsJSON: options as any });
  return await verify({ method: "passkey", response: plain(response) });
}

export const newRecoveryCodes = () => call("/auth/second-factor/recovery-codes").POST();

export const removeFactor = (id: number) => call("/auth/second-factor/{id}").DELETE({ params: { id } });

export const resetUserFactors = (userId: number) =>
  call("/auth/user/{id}/second-factor").DELETE({ params: { id: userId } });

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
