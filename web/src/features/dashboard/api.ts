/** The dashboard's calls: the member's membership, recent tests and Letter of Compliance; the DER's companies. */
import { api, ApiError, apiFile } from "../../lib/api.ts";
import type { DrugTest } from "../../lib/drug-tests.ts";

export type MembershipStatus = "failed" | "pending" | "cancelled" | "expired" | "paused" | "active";

import type { PauseWarning } from "../../components/pause-warning-notice.tsx";
export type { PauseWarning };

/** `GET /api/auth/account/membership` → data (api/src/memberships/schemas.ts MembershipRecord); the fields used here (the membership is loaded by offline/use-cached.ts useMembership). */
export interface Membership {
  id: number;
  type: "membership";
  attributes: {
    type: "annual" | "one_time";
    expire_at: string | null;
    failed: boolean;
    cancelled: boolean;
    is_pending: boolean;
    is_paused: boolean;
    autorenew: boolean;
    status: MembershipStatus;
    expired: boolean;
    can_renew: boolean;
    can_pause: boolean;
    can_resume: boolean;
    can_cancel: boolean;
    pause_warning?: PauseWarning | null;
  };
}

export const RECENT_TESTS = 5;

export async function fetchRecentTests(signal: AbortSignal): Promise<{ tests: DrugTest[]; total: number }> {
  const answer = await api<{ data: DrugTest[]; meta: { total: number } }>(
    `/auth/account/tests?per_page=${RECENT_TESTS}&sort_by=date&sort_dir=desc`,
    { signal },
  );
  return { tests: answer.data, total: answer.meta.total };
}

export const LETTER_PATH = "/api/auth/account/compliance-letter";
export const LETTER_FILENAME = "letter-compliance.pdf";
/** Spec §8 success toast; the server answers the same words in `message`. */
export const LETTER_EMAILED = "Letter Has Been Emailed";

/** A freshly issued letter (a PDF) and its filename. */
export async function fetchLetter(): Promise<{ blob: Blob; filename: string }> {
  const file = await apiFile(LETTER_PATH.replace(/^\/api/, ""));
  return { blob: file.blob, filename: file.filename ?? LETTER_FILENAME };
}

/** Mails the member a freshly issued letter; answers the server's message. */
export async function emailLetter(): Promise<string> {
  const answer = await api<{ message?: string }>("/auth/account/compliance-email", { method: "POST" });
  return answer?.message || LETTER_EMAILED;
}

/** A DER's company as the spec names its attributes (§3 "Business attributes"); the fields used here. */
export interface Company {
  id: number;
  type: "business";
  attributes: {
    name: string;
    is_active?: boolean;
    is_i3_setup?: boolean;
    has_compliance_kit?: boolean;
    has_pending_new_company_approval?: boolean;
  };
}

/** The DER's companies, or null when the server has no such list yet (neither call exists). */
export async function fetchCompanies(signal: AbortSignal): Promise<Company[] | null> {
  for (const path of ["/auth/der/companies", "/auth/account/businesses"]) {
    try {
      const { data } = await api<{ data: Company[] }>(path, { signal });
      return data;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "ROUTE_NOT_FOUND")) throw error;
    }
  }
  return null;
}
