/** The account page's call (public spec §2 /app/account): the signed-in user's details. */
import type { ProfileAnswerBody, ProfileUpdateAnswerBody, ProfileUpdateRequest, User } from "@api/contract";
import { call } from "../../lib/typed-api.ts";
import { invalidate, type ResourceKey } from "../../lib/use-resource.ts";

/** The cache key of a user's record (the same record wherever it is shown). */
export const userKey = (userId: number): ResourceKey => ["user", userId];

export async function fetchAccountUser(userId: number, signal: AbortSignal): Promise<User> {
  const { data } = await call("/auth/user/{id}").GET({ params: { id: userId }, signal });
  return data;
}

/** The member's own details and the change waiting for APCA (decision 0027). */
export const PROFILE_KEY: ResourceKey = ["profile"];

export function fetchProfile(signal: AbortSignal): Promise<ProfileAnswerBody> {
  return call("/auth/account/profile").GET({ signal });
}

/** Sends a change of the member's details; refreshes the profile and the account's user record. */
export async function saveProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateAnswerBody> {
  const answer = await call("/auth/account/profile").PUT({
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  await Promise.all([invalidate(PROFILE_KEY), invalidate(userKey(answer.data.id))]);
  return answer;
}
