/**
 * The administrators' business calls (admin spec §7 "Businesses and users", §2 "Business list and detail"):
 * the list, one business with its employees, vessels, tests and kit documents, activate, deactivate, delete,
 * the roster PDF, the i3 link (set-up, 'Resend to i3', retry of a failed order, what failed) and the
 * compliance kit. Every write invalidates the "business" keys, so the list and the detail reload.
 */
import type {
  AdminBusinessCreateRequest,
  BusinessAnswer,
  BusinessDeletedAnswer,
  BusinessPageAnswer,
  BusinessTestPageAnswer,
  BusinessUpdateAnswer,
  BusinessUpdateRequest,
  BusinessUserAnswer,
  BusinessUserListAnswer,
  I3Problems,
  I3SetUp,
  KitDocument,
  KitOrder,
  KitPurchaseAnswer,
  KitPurchaseRequest,
  RetriedTest,
  User,
  VesselAnswer,
  VesselCreateRequest,
  VesselListAnswer,
  VesselUpdateRequest,
} from "@api/contract";
import { api, apiFile } from "../../lib/api.ts";
import { saveFile } from "../../lib/save-file.ts";
import { invalidate } from "../../lib/use-resource.ts";

export const PER_PAGE = 20;
export const BUSINESS_KEY = ["admin-business"];
export const I3_KEY = ["admin-i3-problems"];
export const businessKey = (id: number) => [...BUSINESS_KEY, id];

export type SortBy = "id" | "name" | "created_at" | "is_active";
export interface ListFilter {
  page: number;
  search: string;
  sortBy: SortBy;
  sortDir: "asc" | "desc";
}

export function fetchBusinesses(filter: ListFilter, signal: AbortSignal): Promise<BusinessPageAnswer> {
  const query = new URLSearchParams({
    page: String(filter.page),
    per_page: String(PER_PAGE),
    sort_by: filter.sortBy,
    sort_dir: filter.sortDir,
    not_individual: "true",
  });
  if (filter.search) query.set("search", filter.search);
  return api(`/auth/businesses?${query}`, { signal });
}

export const fetchBusiness = (id: number, signal: AbortSignal) =>
  api<BusinessAnswer>(`/auth/business/${id}`, { signal }).then((a) => a.data);
export const fetchEmployees = (id: number, signal: AbortSignal) =>
  api<BusinessUserListAnswer>(`/auth/business/${id}/business-users`, { signal }).then((a) => a.data);
/** The employee by the link's own id (the administrators' /app/admin/employee/{id}). */
export const fetchEmployeeById = (businessUserId: number, signal: AbortSignal) =>
  api<BusinessUserAnswer>(`/auth/business-user/${businessUserId}`, { signal }).then((a) => a.data);
export const fetchVessels = (id: number, signal: AbortSignal) =>
  api<VesselListAnswer>(`/auth/business/${id}/vessels`, { signal }).then((a) => a.data);
export const fetchVessel = (vid: number, signal: AbortSignal) =>
  api<VesselAnswer>(`/auth/vessel/${vid}`, { signal }).then((a) => a.data);
export const fetchTests = (id: number, page: number, signal: AbortSignal, userId?: number) =>
  api<BusinessTestPageAnswer>(
    `/auth/business/${id}/tests?page=${page}&per_page=10&sort_by=date&sort_dir=desc` +
      (userId ? `&user_id=${userId}` : ""),
    { signal },
  );
export const fetchKitDocuments = (id: number, signal: AbortSignal) =>
  api<{ data: KitDocument[] }>(`/auth/business/${id}/compliance-kit/documents`, { signal }).then((a) =>
    a.data
  );
export const fetchKitOrder = (id: number, signal: AbortSignal) =>
  api<{ data: KitOrder }>(`/auth/business/${id}/compliance-kit/order`, { signal }).then((a) => a.data);
export const fetchUser = (id: number, signal: AbortSignal) =>
  api<{ data: User }>(`/auth/user/${id}`, { signal }).then((a) => a.data);
export const fetchI3Problems = (signal: AbortSignal) =>
  api<{ data: I3Problems }>("/auth/i3/problems", { signal }).then((a) => a.data);

const key = () => ({ "Idempotency-Key": crypto.randomUUID() });

/** Runs a write, then refreshes every business screen (and the i3 problems) whatever the answer. */
async function write<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } finally {
    void invalidate(BUSINESS_KEY);
    void invalidate(I3_KEY);
  }
}

export const addBusiness = (body: AdminBusinessCreateRequest) =>
  write(() => api<BusinessAnswer>("/auth/businesses", { body, headers: key() }));
export const updateBusiness = (id: number, body: BusinessUpdateRequest) =>
  write(() => api<BusinessUpdateAnswer>(`/auth/business/${id}`, { method: "PUT", body }));
export const activate = (id: number) =>
  write(() => api<BusinessAnswer>(`/auth/business/${id}/activate`, { method: "PUT" }));
export const deactivate = (id: number, reason: string) =>
  write(() => api<BusinessAnswer>(`/auth/business/${id}/deactivate`, { method: "PUT", body: { reason } }));
export const deleteBusiness = (id: number) =>
  write(() => api<BusinessDeletedAnswer>(`/auth/business/${id}`, { method: "DELETE" }));
export const removeEmployee = (id: number, businessUserId: number) =>
  write(() => api<void>(`/auth/business/${id}/business-users/${businessUserId}`, { method: "DELETE" }));
export const sendToI3 = (id: number) =>
  write(() => api<I3SetUp>(`/auth/business/${id}/i3`, { method: "POST", headers: key() }));
export const retryTest = (testId: number) =>
  write(() =>
    api<{ data: RetriedTest }>(`/auth/drug-test/${testId}/retry`, { method: "POST", headers: key() })
      .then((a) => a.data)
  );
/** The key is the form's: the same while the same vessel is resent. */
export const addVessel = (id: number, body: VesselCreateRequest, idempotencyKey: string) =>
  write(() =>
    api<VesselAnswer>(`/auth/business/${id}/vessels`, {
      body,
      headers: { "Idempotency-Key": idempotencyKey },
    })
  );
export const updateVessel = (vid: number, body: VesselUpdateRequest) =>
  write(() => api<VesselAnswer>(`/auth/vessel/${vid}`, { method: "PUT", body }));
/** One key per attempt the caller keeps (a retry after a network error must not charge twice). */
export const buyKit = (id: number, body: KitPurchaseRequest, idempotencyKey: string) =>
  write(() =>
    api<KitPurchaseAnswer>(`/auth/business/${id}/compliance-kit`, {
      body,
      headers: { "Idempotency-Key": idempotencyKey },
    })
  );

export async function downloadRoster(id: number): Promise<void> {
  const file = await apiFile(`/auth/business/${id}/roster`);
  saveFile(file.blob, file.filename ?? `business-${id}-roster.pdf`);
}
