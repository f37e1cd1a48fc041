/**
 * "Your data" (decision 0093): everything the portal holds about the signed-in member in one call, saved on the
 * device like the letter and the tests (decision 0014), and the zip's address (a plain download: the browser
 * streams it to disk, never held in the page).
 */
import type { AccountDataBody } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";
import { storableTest } from "../drug-tests/drug-tests.ts";

export type AccountData = AccountDataBody;

export const ACCOUNT_DATA_KEY: ResourceKey = ["account-data"];

export const DATA_ZIP_HREF = "/api/auth/account/data.zip";

export async function fetchAccountData(signal: AbortSignal): Promise<AccountData> {
  return (await call("/auth/account/data").GET({ signal })).data;
}

/**
 * What the device keeps (decision 0014's rule): each test's summary only (no result code), no cards, and of the
 * profile no SSN digits and no change waiting for approval. The screen says what is left out offline.
 */
export function keepAccountData(data: AccountData): AccountData {
  return {
    ...data,
    profile: {
      data: { ...data.profile.data, attributes: { ...data.profile.data.attributes, ssn_last4: null } },
      pending_request: null,
    },
    tests: data.tests.map((t) => {
      const kept = storableTest(t);
      return { ...kept, attributes: { ...kept.attributes, in_words: t.attributes.in_words } };
    }),
    cards: [],
  };
}
