/** The dashboard's calls: the member's membership, recent tests and Letter of Compliance; the DER's companies. */
import { api, ApiError, apiFile } from "../../lib/api.ts";
import type { Business, DrugTest, ListPage } from "@api/contract";

export const RECENT_TESTS = 5;
/** The member's latest tests (also asked early by app/preload.ts when the app opens on the dashboard). */
export const RECENT_TESTS_PATH = `/auth/account/tests?per_page=${RECENT_TESTS}&sort_by=date&sort_dir=desc`;

export async function fetchRecentTests(signal: AbortSignal): Promise<{ tests: DrugTest[]; total: number }> {
  const answer = await api<ListPage<DrugTest>>(RECENT_TESTS_PATH, { signal });
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

/** The DER's companies, or null when the server has no such list yet (neither call exists). */
export async function fetchCompanies(signal: AbortSignal): Promise<Business[] | null> {
  for (const path of ["/auth/der/companies", "/auth/account/businesses"]) {
    try {
      const { data } = await api<{ data: Business[] }>(path, { signal });
      return data;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "ROUTE_NOT_FOUND")) throw error;
    }
  }
  return null;
}
