/** The account page's call (public spec §2 /app/account): the signed-in user's details. */
import type { User } from "@api/contract";
import { api } from "../../lib/api.ts";
import type { ResourceKey } from "../../lib/use-resource.ts";

/** The cache key of a user's record (the same record wherever it is shown). */
export const userKey = (userId: number): ResourceKey => ["user", userId];

export async function fetchAccountUser(userId: number, signal: AbortSignal): Promise<User> {
  const { data } = await api<{ data: User }>(`/auth/user/${userId}`, { signal });
  return data;
}
