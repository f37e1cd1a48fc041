/** The public check of the code printed on a Letter of Compliance (GET /api/compliance/verify/:token). */
import { api } from "../../lib/api.ts";

export type CurrentStatus = "active" | "paused" | "expired" | "cancelled" | "none";

/** api/src/compliance/routes.ts VerificationResponse. */
export interface Verification {
  genuine: boolean;
  statement?: {
    mem: string | null;
    /** 'YYYY-MM-DD'. */
    cov_from: string;
    /** 'YYYY-MM-DD', or null without an expiry. */
    cov_to: string | null;
    /** Status when the letter was issued. */
    st: "active";
    /** Issued at, seconds since 1970. */
    iat: number;
  };
  current_status?: CurrentStatus;
  checked_at: string;
}

export function verifyLetter(token: string, signal: AbortSignal): Promise<Verification> {
  // Nobody signs in to check a letter at a dock: a 401 here is not a reason to send them to /login.
  return api<Verification>(`/compliance/verify/${encodeURIComponent(token)}`, {
    signal,
    redirectOn401: false,
  });
}
