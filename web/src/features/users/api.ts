/**
 * The administrators' user calls (admin spec §2 /app/admin/users, §6, §7; decision 0030): the list, one user
 * with every flag of §3 User, the account actions, duplicates, businesses, orders, tests and the safety concern
 * letter. Resource keys start with ["admin-user", id] so one invalidate refreshes every tab.
 */
import type { AddToBusinessRequest, UserCreateRequest, UserUpdateRequest } from "@api/contract";
import { call, callFile } from "../../lib/typed-api.ts";
import { saveFile } from "../../lib/save-file.ts";

export const PER_PAGE = 20;

/** The spec's words (admin spec §8), and ours where it shows none. */
export const USER_TOASTS = {
  adminUpdated: "Admin Rights Updated",
  deleted: "User Has Been Deleted",
  resetEmailed: "User Has Been Emailed Reset Password",
  downloading: "Downloading Document",
  letterEmailed: "Letter Has Been Emailed",
  letterUploaded: "Safety Concern Letter Has Been Uploaded",
  letterDownloading: "Will Soon Start Downloading",
  letterRemoved: "Has Been Removed",
} as const;

export const userKey = (id: string) => ["admin-user", id];

export type UserSort = "id" | "first_name" | "last_name" | "email" | "created_at";

/** The users list's filters (decision 0082), as the address keeps them: "" is "any". */
export interface UserFilters {
  role: "" | "admin" | "der" | "member";
  membership: "" | "active" | "paused" | "expired" | "cancelled" | "pending" | "failed" | "none";
  company: string;
  joinedFrom: string;
  joinedTo: string;
}
export const NO_USER_FILTERS: UserFilters = {
  role: "",
  membership: "",
  company: "",
  joinedFrom: "",
  joinedTo: "",
};

export const fetchUsers = (
  q: { page: number; search: string; sort: UserSort; dir: "asc" | "desc"; filters?: UserFilters },
  signal: AbortSignal,
) => {
  const f = q.filters ?? NO_USER_FILTERS;
  return call("/auth/users").GET({
    query: {
      page: q.page,
      per_page: PER_PAGE,
      sort_by: q.sort,
      sort_dir: q.dir,
      search: q.search || undefined,
      role: f.role || undefined,
      membership: f.membership || undefined,
      company: f.company || undefined,
      joined_from: f.joinedFrom || undefined,
      joined_to: f.joinedTo || undefined,
    },
    signal,
  });
};

export const fetchUser = (id: string, signal: AbortSignal) =>
  call("/auth/user/{id}").GET({ params: { id }, signal }).then((a) => a.data);

export const fetchDuplicates = (id: string, page: number, signal: AbortSignal) =>
  call("/auth/user/{id}/duplicates").GET({
    params: { id },
    query: { page, per_page: 10, sort_by: "userFirstLastName", sort_dir: "ASC" },
    signal,
  });

export const fetchBusinesses = (id: string, signal: AbortSignal) =>
  call("/auth/user/{id}/businesses").GET({ params: { id }, signal });

export const fetchOrders = (id: string, page: number, signal: AbortSignal) =>
  call("/auth/user/{id}/orders").GET({ params: { id }, query: { page, per_page: 10 }, signal });

export const fetchTests = (id: string, page: number, signal: AbortSignal) =>
  call("/auth/user/{id}/tests").GET({ params: { id }, query: { page, per_page: 10 }, signal });

export const createUser = (body: UserCreateRequest) =>
  call("/auth/users").POST({ body, headers: { "Idempotency-Key": crypto.randomUUID() } });

export const updateUser = (id: string, body: UserUpdateRequest) =>
  call("/auth/user/{id}").PUT({ params: { id }, body });

export const setAdmin = (id: string, admin: boolean) =>
  call("/auth/user/{id}/admin").PUT({ params: { id }, body: { data: { admin } } });

export const deleteUser = (id: string) => call("/auth/user/{id}").DELETE({ params: { id } });

export const emailReset = (id: string) => call("/auth/user/{id}/password-reset").POST({ params: { id } });

export const setPassword = (id: string, password: string) =>
  call("/auth/user/{id}/password").PUT({ params: { id }, body: { password } });

export const addToBusiness = (id: string, body: AddToBusinessRequest) =>
  call("/auth/user/{id}/businesses").POST({
    params: { id },
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

export async function downloadCompliance(id: string) {
  const file = await callFile("/auth/user/{id}/compliance-letter").GET({ params: { id } });
  saveFile(file.blob, file.filename ?? "letter-compliance.pdf");
}

export const emailCompliance = (id: string) =>
  call("/auth/user/{id}/compliance-email").POST({ params: { id } });

export function uploadLetter(id: string, file: File) {
  const form = new FormData();
  form.set("document", file);
  return call("/auth/user/{id}/safety-document").POST({ params: { id }, body: form });
}

export async function downloadLetter(id: string, filename: string) {
  const file = await callFile("/auth/user/{id}/safety-document").GET({ params: { id } });
  saveFile(file.blob, file.filename ?? filename);
}

export const removeLetter = (id: string) =>
  call("/auth/user/{id}/safety-document").DELETE({ params: { id } });

/** Removes a user's second factors (they lost them): their sessions end and they set one up again (decision 0043). */
export const resetSecondFactor = (id: string) =>
  call("/auth/user/{id}/second-factor").DELETE({ params: { id } });
