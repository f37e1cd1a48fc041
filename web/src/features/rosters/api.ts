/** A company's roster confirmation (decision 0087): the DER's task and the one-tap confirmation. */
import type { ResourceKey } from "../../lib/resource-store.ts";
import { call } from "../../lib/typed-api.ts";
import { invalidate } from "../../lib/use-resource.ts";

/** Under the business's key, so a change of the business reloads it too. */
export const rosterKey = (id: number): ResourceKey => ["business", id, "roster-confirmation"];

export async function fetchRosterTask(id: number, signal?: AbortSignal) {
  return (await call("/auth/business/{id}/roster-confirmation").GET({ params: { id }, signal })).data;
}

export async function confirmRoster(id: number) {
  const answer = await call("/auth/business/{id}/roster-confirmation").POST({ params: { id } });
  await invalidate(rosterKey(id));
  return answer;
}
