/** The dashboard's calls: the member's membership, recent tests and Letter of Compliance; the DER's companies. */
import type { Business, DrugTest } from "@api/contract";
import { ApiError } from "../../lib/api.ts";
import { RECENT_TESTS_QUERY } from "@apca/rules/member-dashboard";
import { call, callFile, prefetchCall } from "../../lib/typed-api.ts";

/** Asks for the member's latest tests early (app/preload.ts, when the app opens on the dashboard). */
export const prefetchRecentTests = () =>
  void prefetchCall("/auth/account/tests").GET({ query: RECENT_TESTS_QUERY });

export async function fetchRecentTests(signal: AbortSignal): Promise<{ tests: DrugTest[]; total: number }> {
  const answer = await call("/auth/account/tests").GET({ query: RECENT_TESTS_QUERY, signal });
  return { tests: answer.data, total: answer.meta.total };
}

export const LETTER_PATH = "/api/auth/account/compliance-letter";
export const LETTER_FILENAME = "letter-compliance.pdf";
/** Spec §8 success toast; the server answers the same words in `message`. */
export const LETTER_EMAILED = "Letter Has Been Emailed";

/** A freshly issued letter (a PDF) and its filename. */
export async function fetchLetter(): Promise<{ blob: Blob; filename: string }> {
  const file = await callFile("/auth/account/compliance-letter").GET();
  return { blob: file.blob, filename: file.filename ?? LETTER_FILENAME };
}

/** Mails the member a freshly issued letter; answers the server's message. */
export async function emailLetter(): Promise<string> {
  const answer = await call("/auth/account/compliance-email").POST();
  return answer?.message || LETTER_EMAILED;
}

/** The DER's companies, or null when the server has no such list yet (neither call exists). */
export async function fetchCompanies(signal: AbortSignal): Promise<Business[] | null> {
  for (const send of [call("/auth/der/companies").GET, call("/auth/account/businesses").GET]) {
    try {
      const { data }: { data: Business[] } = await send({ signal });
      return data;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "ROUTE_NOT_FOUND")) throw error;
    }
  }
  return null;
}
