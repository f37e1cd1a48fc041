/**
 * An independent mariner's random selection notice (issue 25 item 4, decision 0071): the call and its cache
 * key. The dashboard and /app/account/selection-notice read the same key, so the notice saved by either opens
 * offline in both; an answer without a notice (collected, withdrawn) replaces the saved copy, so it goes.
 */
import type { SelectionNotice } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";
import { formatMonth } from "../../lib/dates.ts";

export type { SelectionNotice };

export const SELECTION_NOTICE_PATH = "/app/account/selection-notice";
export const SELECTION_NOTICES_KEY: ResourceKey = ["selection-notices"];

export async function fetchSelectionNotices(signal: AbortSignal): Promise<SelectionNotice[]> {
  const answer = await call("/auth/account/selection-notices").GET({ signal });
  return answer.data;
}

/** The site finder near the member (built by the collection-sites page): by their ZIP when known. */
export const siteFinderHref = (zip: string | null) =>
  zip ? `/collection-sites?zip=${encodeURIComponent(zip)}` : "/collection-sites";

/** "December 2032": the pool the member was selected in. */
export const poolMonth = (n: Pick<SelectionNotice, "year" | "month">) => formatMonth(n.year, n.month);
