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
  KitPurchaseRequest,
  MoveBusinessUserAnswer,
  RetriedTest,
  User,
  VesselAnswer,
  VesselCreateRequest,
  VesselListAnswer,
  VesselUpdateRequest,
} from "@api/contract";
import { saveFile } from "../../lib/save-file.ts";
import { call, callFile } from "../../lib/typed-api.ts";
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
  /** Companies by default, as before individual businesses were listed (decision 0082). */
  kind: "company" | "individual" | "all";
  /** "" is any. */
  active: "" | "true" | "false";
  i3: "" | "set_up" | "failed" | "not_set_up";
  der: "" | "yes" | "none";
}

export const fetchBusinesses = (filter: ListFilter, signal: AbortSignal): Promise<BusinessPageAnswer> =>
  call("/auth/businesses").GET({
    query: {
      page: filter.page,
      per_page: PER_PAGE,
      sort_by: filter.sortBy,
      sort_dir: filter.sortDir,
      kind: filter.kind,
      active: filter.active || undefined,
      i3: filter.i3 || undefined,
      der: filter.der || undefined,
      search: filter.search || undefined,
    },
    signal,
  });

export const fetchBusiness = (id: number, signal: AbortSignal): Promise<BusinessAnswer["data"]> =>
  call("/auth/business/{id}").GET({ params: { id }, signal }).then((a) => a.data);
export const fetchEmployees = (id: number, signal: AbortSignal): Promise<BusinessUserListAnswer["data"]> =>
  call("/auth/business/{id}/business-users").GET({ params: { id }, signal }).then((a) => a.data);
/** The employee by the link's own id (the administrators' /app/admin/employee/{id}). */
export const fetchEmployeeById = (
  businessUserId: number,
  signal: AbortSignal,
): Promise<BusinessUserAnswer["data"]> =>
  call("/auth/business-user/{id}").GET({ params: { id: businessUserId }, signal }).then((a) => a.data);
export const fetchVessels = (id: number, signal: AbortSignal): Promise<VesselListAnswer["data"]> =>
  call("/auth/business/{id}/vessels").GET({ params: { id }, signal }).then((a) => a.data);
export const fetchVessel = (vid: number, signal: AbortSignal): Promise<VesselAnswer["data"]> =>
  call("/auth/vessel/{vid}").GET({ params: { vid }, signal }).then((a) => a.data);
export const fetchTests = (
  id: number,
  page: number,
  signal: AbortSignal,
  userId?: number,
): Promise<BusinessTestPageAnswer> =>
  call("/auth/business/{id}/tests").GET({
    params: { id },
    query: { page, per_page: 10, sort_by: "date", sort_dir: "desc", user_id: userId || undefined },
    signal,
  });
export const fetchKitDocuments = (id: number, signal: AbortSignal) =>
  call("/auth/business/{id}/compliance-kit/documents").GET({ params: { id }, signal }).then((a) => a.data);
export const fetchKitOrder = (id: number, signal: AbortSignal) =>
  call("/auth/business/{id}/compliance-kit/order").GET({ params: { id }, signal }).then((a) => a.data);
export const fetchUser = (id: number, signal: AbortSignal): Promise<User> =>
  call("/auth/user/{id}").GET({ params: { id }, signal }).then((a) => a.data);
export const fetchI3Problems = (signal: AbortSignal): Promise<I3Problems> =>
  call("/auth/i3/problems").GET({ signal }).then((a) => a.data);

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
  write((): Promise<BusinessAnswer> => call("/auth/businesses").POST({ body, headers: key() }));
export const updateBusiness = (id: number, body: BusinessUpdateRequest) =>
  write((): Promise<BusinessUpdateAnswer> => call("/auth/business/{id}").PUT({ params: { id }, body }));
export const activate = (id: number) =>
  write((): Promise<BusinessAnswer> => call("/auth/business/{id}/activate").PUT({ params: { id } }));
export const deactivate = (id: number, reason: string) =>
  write((): Promise<BusinessAnswer> =>
    call("/auth/business/{id}/deactivate").PUT({ params: { id }, body: { reason } })
  );
export const deleteBusiness = (id: number) =>
  write((): Promise<BusinessDeletedAnswer> => call("/auth/business/{id}").DELETE({ params: { id } }));
export const removeEmployee = (id: number, businessUserId: number) =>
  write(() =>
    call("/auth/business/{id}/business-users/{businessUserId}").DELETE({ params: { id, businessUserId } })
  );
/** Moves an employee to another company (any, for an administrator: decision 0065); answers the new link. */
export const moveEmployee = (id: number, businessUserId: number, target: number) =>
  write((): Promise<MoveBusinessUserAnswer> =>
    call("/auth/business/{id}/business-users/{businessUserId}").PATCH({
      params: { id, businessUserId },
      body: { business_id: target },
    })
  );
/** This company becomes the employee's primary business (where their own tests go). */
export const makePrimary = (id: number, businessUserId: number) =>
  write(() =>
    call("/auth/business/{id}/business-users/{businessUserId}/primary").PUT({
      params: { id, businessUserId },
    })
  );
/** Companies (not individuals) whose name, DBA or tax id match: the move's pick list. */
export const searchCompanies = (search: string, signal: AbortSignal): Promise<BusinessPageAnswer["data"]> =>
  call("/auth/businesses").GET({ query: { not_individual: "true", per_page: 10, search }, signal })
    .then((a) => a.data);
export const sendToI3 = (id: number) =>
  write((): Promise<I3SetUp> => call("/auth/business/{id}/i3").POST({ params: { id }, headers: key() }));
export const retryTest = (testId: number) =>
  write(() =>
    call("/auth/drug-test/{id}/retry").POST({ params: { id: testId }, headers: key() })
      .then((a): RetriedTest => a.data)
  );
/** The key is the form's: the same while the same vessel is resent. */
export const addVessel = (id: number, body: VesselCreateRequest, idempotencyKey: string) =>
  write(() =>
    call("/auth/business/{id}/vessels").POST({
      params: { id },
      body,
      headers: { "Idempotency-Key": idempotencyKey },
    })
  );
export const updateVessel = (vid: number, body: VesselUpdateRequest) =>
  write((): Promise<VesselAnswer> => call("/auth/vessel/{vid}").PUT({ params: { vid }, body }));
/** One key per attempt the caller keeps (a retry after a network error must not charge twice). */
export const buyKit = (id: number, body: KitPurchaseRequest, idempotencyKey: string) =>
  write(() =>
    call("/auth/business/{id}/compliance-kit").POST({
      params: { id },
      body,
      headers: { "Idempotency-Key": idempotencyKey },
    })
  );

export async function downloadRoster(id: number): Promise<void> {
  const file = await callFile("/auth/business/{id}/roster").GET({ params: { id } });
  saveFile(file.blob, file.filename ?? `business-${id}-roster.pdf`);
}
