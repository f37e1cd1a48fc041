/**
 * Who is signed in, as one signal. `undefined` means "not asked yet", `null` means "signed out".
 * Kept free of network code so api.ts can clear it on a 401 without an import cycle;
 * fetching and signing in/out live in features/auth/api.ts.
 */
import type { SessionUser } from "@api/contract";
import { computed, signal } from "@preact/signals-react";

export type Role = "admin" | "der" | "member";

export const session = signal<SessionUser | null | undefined>(undefined);

/** Admin wins over DER: an administrator always gets the admin screens. */
export const role = computed<Role | null>(() => {
  const user = session.value;
  if (!user) return null;
  if (user.is_admin) return "admin";
  return user.is_der ? "der" : "member";
});
