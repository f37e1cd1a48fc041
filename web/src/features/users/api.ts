/**
 * The administrators' user calls (admin spec §2 /app/admin/users, §6, §7; decision 0030): the list, one user
 * with every flag of §3 User, the account actions, duplicates, businesses, orders, tests and the safety concern
 * letter. Resource keys start with ["admin-user", id] so one invalidate refreshes every tab.
 */
import type {
  AddToBusinessAnswer,
  AddToBusinessRequest,
  BusinessListAnswer,
  DrugTest,
  ListPage,
  UserActionAnswer,
  UserAnswer,
  UserCreateRequest,
  UserMessageAnswer,
  UserOrderPageAnswer,
  UserPageAnswer,
  UserUpdateRequest,
} from "@api/contract";
import { api, apiFile } from "../../lib/api.ts";
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

export function fetchUsers(
  q: { page: number; search: string; sort: UserSort; dir: "asc" | "desc" },
  signal: AbortSignal,
) {
  const params = new URLSearchParams({
    page: String(q.page),
    per_page: String(PER_PAGE),
    sort_by: q.sort,
    sort_dir: q.dir,
  });
  if (q.search) params.set("search", q.search);
  return api<UserPageAnswer>(`/auth/users?${params}`, { signal });
}

export const fetchUser = (id: string, signal: AbortSignal) =>
  api<UserAnswer>(`/auth/user/${id}`, { signal }).then((a) => a.data);

export const fetchDuplicates = (id: string, page: number, signal: AbortSignal) =>
  api<UserPageAnswer>(
    `/auth/user/${id}/duplicates?page=${page}&per_page=10&sort_by=userFirstLastName&sort_dir=ASC`,
    { signal },
  );

export const fetchBusinesses = (id: string, signal: AbortSignal) =>
  api<BusinessListAnswer>(`/auth/user/${id}/businesses`, { signal });

export const fetchOrders = (id: string, page: number, signal: AbortSignal) =>
  api<UserOrderPageAnswer>(`/auth/user/${id}/orders?page=${page}&per_page=10`, { signal });

export const fetchTests = (id: string, page: number, signal: AbortSignal) =>
  api<ListPage<DrugTest>>(`/auth/user/${id}/tests?page=${page}&per_page=10`, { signal });

export const createUser = (body: UserCreateRequest) =>
  api<UserMessageAnswer>("/auth/users", {
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

export const updateUser = (id: string, body: UserUpdateRequest) =>
  api<UserMessageAnswer>(`/auth/user/${id}`, { method: "PUT", body });

export const setAdmin = (id: string, admin: boolean) =>
  api<UserMessageAnswer>(`/auth/user/${id}/admin`, { method: "PUT", body: { data: { admin } } });

export const deleteUser = (id: string) => api<UserActionAnswer>(`/auth/user/${id}`, { method: "DELETE" });

export const emailReset = (id: string) =>
  api<UserActionAnswer>(`/auth/user/${id}/password-reset`, { method: "POST" });

export const setPassword = (id: string, password: string) =>
  api<UserActionAnswer>(`/auth/user/${id}/password`, { method: "PUT", body: { password } });

export const addToBusiness = (id: string, body: AddToBusinessRequest) =>
  api<AddToBusinessAnswer>(`/auth/user/${id}/businesses`, {
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

export async function downloadCompliance(id: string) {
  const file = await apiFile(`/auth/user/${id}/compliance-letter`);
  saveFile(file.blob, file.filename ?? "letter-compliance.pdf");
}

export const emailCompliance = (id: string) =>
  api<UserActionAnswer>(`/auth/user/${id}/compliance-email`, { method: "POST" });

export function uploadLetter(id: string, file: File) {
  const form = new FormData();
  form.set("document", file);
  return api<UserActionAnswer>(`/auth/user/${id}/safety-document`, { method: "POST", body: form });
}

export async function downloadLetter(id: string, filename: string) {
  const file = await apiFile(`/auth/user/${id}/safety-document`);
  saveFile(file.blob, file.filename ?? filename);
}

export const removeLetter = (id: string) =>
  api<UserActionAnswer>(`/auth/user/${id}/safety-document`, { method: "DELETE" });

/** Removes a user's second factors (they lost them): their sessions end and they set one up again (decision 0043). */
export const resetSecondFactor = (id: string) =>
  api<{ message: string }>(`/auth/user/${id}/second-factor`, { method: "DELETE" });
