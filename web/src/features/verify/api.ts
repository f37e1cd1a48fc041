/** The public check of the code printed on a Letter of Compliance (GET /api/compliance/verify/:token). */
import type { Verification } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export type CurrentStatus = NonNullable<Verification["current_status"]>;

export function verifyLetter(token: string, signal: AbortSignal): Promise<Verification> {
  // Nobody signs in to check a letter at a dock: a 401 here is not a reason to send them to /login.
  return call("/compliance/verify/{token}").GET({
    params: { token },
    signal,
    redirectOn401: false,
  });
}
