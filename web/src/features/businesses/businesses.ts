/**
 * A business's calls for the member and DER screens (public spec §2 "Member-side business routes", §7): the
 * business, its employees, vessels, tests and compliance kit, and the requests an owner makes (add a
 * business, an employee, a vessel; manage them: decision 0021 says which wait for APCA). Shared by the
 * business screens and the DER's My Company on the dashboard, so both show the same cached data: a change
 * invalidates `businessKey(id)` (and the list), and every screen showing that business reloads.
 */
import type {
  Business,
  BusinessCreateRequest,
  BusinessTestPageAnswer,
  BusinessUpdateAnswer,
  BusinessUpdateRequest,
  BusinessUser,
  ComplianceOverviewAnswer,
  EmployeeRequest,
  EmployeeRequestRequest,
  MoveBusinessUserAnswer,
  Vessel,
  VesselCreateRequest,
  VesselUpdateRequest,
} from "@api/contract";
import type { CoverageFilter } from "@apca/rules/company-compliance";
import { ApiError } from "../../lib/api.ts";
import { call, callFile, type RequestBody } from "../../lib/typed-api.ts";
import type { ResourceKey } from "../../lib/resource-store.ts";
import { invalidate } from "../../lib/use-resource.ts";

/** The caller's businesses (a member's) and a DER's companies share this prefix. */
export const BUSINESSES_KEY: ResourceKey = ["businesses"];
export const businessKey = (id: number): ResourceKey => ["business", id];
export const employeesKey = (id: number): ResourceKey => [...businessKey(id), "employees"];
export const employeeRequestsKey = (id: number): ResourceKey => [...businessKey(id), "employee-requests"];
export const vesselsKey = (id: number): ResourceKey => [...businessKey(id), "vessels"];
export const overviewKey = (id: number): ResourceKey => [...businessKey(id), "compliance-overview"];
export const kitDocumentsKey = (id: number): ResourceKey => [...businessKey(id), "kit-documents"];

const changed = (id?: number) =>
  Promise.all([invalidate(BUSINESSES_KEY), id === undefined ? undefined : invalidate(businessKey(id))]);

/** The caller's own businesses: those they own or belong to. */
export async function fetchOwnBusinesses(signal?: AbortSignal): Promise<Business[]> {
  return (await call("/auth/account/businesses").GET({ signal })).data;
}

export async function fetchBusiness(id: number, signal?: AbortSignal): Promise<Business> {
  return (await call("/auth/business/{id}").GET({ params: { id }, signal })).data;
}

export async function createBusiness(body: BusinessCreateRequest, key: string): Promise<Business> {
  const { data } = await call("/auth/account/businesses").POST({
    body,
    headers: { "Idempotency-Key": key },
  });
  await changed();
  return data;
}

export async function updateBusiness(id: number, body: BusinessUpdateRequest): Promise<BusinessUpdateAnswer> {
  const answer = await call("/auth/business/{id}").PUT({ params: { id }, body });
  await changed(id);
  return answer;
}

export async function fetchEmployees(id: number, signal?: AbortSignal): Promise<BusinessUser[]> {
  return (await call("/auth/business/{id}/business-users").GET({ params: { id }, signal })).data;
}

/** One business user by its user id (the employee's detail screen is addressed by user id). */
export async function fetchEmployee(id: number, userId: number, signal?: AbortSignal): Promise<BusinessUser> {
  const all = await fetchEmployees(id, signal);
  const found = all.find((row) => row.attributes.user_id === userId);
  // A 404 as the server would answer: the screen shows its not-found, not a retry (issue 25 item 6).
  if (!found) throw new ApiError("This employee could not be found in this business.", 404, "NOT_FOUND");
  return found;
}

export async function fetchEmployeeRequests(id: number, signal?: AbortSignal): Promise<EmployeeRequest[]> {
  return (await call("/auth/business/{id}/employee-requests").GET({ params: { id }, signal })).data;
}

export async function requestEmployee(
  id: number,
  body: EmployeeRequestRequest,
  key: string,
): Promise<EmployeeRequest> {
  const { data } = await call("/auth/business/{id}/employee-requests").POST({
    params: { id },
    body,
    headers: { "Idempotency-Key": key },
  });
  await changed(id);
  return data;
}

export async function fetchVessels(id: number, signal?: AbortSignal): Promise<Vessel[]> {
  return (await call("/auth/business/{id}/vessels").GET({ params: { id }, signal })).data;
}

export async function fetchVessel(vid: number, signal?: AbortSignal): Promise<Vessel> {
  return (await call("/auth/vessel/{vid}").GET({ params: { vid }, signal })).data;
}

export async function createVessel(id: number, body: VesselCreateRequest, key: string): Promise<Vessel> {
  const { data } = await call("/auth/business/{id}/vessels").POST({
    params: { id },
    body,
    headers: { "Idempotency-Key": key },
  });
  await changed(id);
  return data;
}

export async function updateVessel(id: number, vid: number, body: VesselUpdateRequest): Promise<Vessel> {
  const { data } = await call("/auth/vessel/{vid}").PUT({ params: { vid }, body });
  await changed(id);
  return data;
}

export function fetchBusinessTests(
  id: number,
  page: number,
  signal: AbortSignal,
  userId?: number,
): Promise<BusinessTestPageAnswer> {
  return call("/auth/business/{id}/tests").GET({
    params: { id },
    query: { page, per_page: 10, sort_by: "date", sort_dir: "desc", user_id: userId || undefined },
    signal,
  });
}

export interface KitDocument {
  id: string;
  attributes: { title: string; description: string; filename: string; download_url: string };
}

export async function fetchKitDocuments(id: number, signal?: AbortSignal): Promise<KitDocument[]> {
  return (await call("/auth/business/{id}/compliance-kit/documents").GET({ params: { id }, signal })).data;
}

/** One of the kit's PDFs (its download_url, `/api/auth/business/{id}/compliance-kit/documents/{slug}`). */
export async function downloadKitDocument(
  id: number,
  doc: KitDocument,
): Promise<{ blob: Blob; filename: string }> {
  const file = await callFile("/auth/business/{id}/compliance-kit/documents/{slug}").GET({
    params: { id, slug: doc.id },
  });
  return { blob: file.blob, filename: file.filename ?? doc.attributes.filename };
}

/** Buys the compliance kit with one of the company's cards; answers the server's message. */
export async function buyComplianceKit(id: number, paymentMethodId: number, key: string): Promise<string> {
  const answer = await call("/auth/business/{id}/compliance-kit").POST({
    params: { id },
    body: { payment_method_id: paymentMethodId },
    headers: { "Idempotency-Key": key },
  });
  await changed(id);
  return answer.message;
}

/** An employee's Letter of Compliance, for the company that employs them (decision 0027). */
export async function downloadEmployeeLetter(
  id: number,
  userId: number,
): Promise<{ blob: Blob; filename: string }> {
  const file = await callFile("/auth/business/{id}/employee/{eid}/compliance-letter").GET({
    params: { id, eid: userId },
  });
  return { blob: file.blob, filename: file.filename ?? "letter-compliance.pdf" };
}

/** E-mails an employee their Letter of Compliance (public spec §6); answers the server's words. */
export async function emailEmployeeLetter(id: number, userId: number): Promise<string> {
  const answer = await call("/auth/business/{id}/employee/{eid}/compliance-email").POST({
    params: { id, eid: userId },
  });
  return answer.message;
}

/** The DER's companies (never individual businesses), for moving an employee between them. */
export async function fetchDerCompanies(signal?: AbortSignal): Promise<Business[]> {
  return (await call("/auth/der/companies").GET({ signal })).data;
}

export type { CoverageFilter };

/** The company's compliance at a glance (issue 25): each employee's coverage and last test in words. */
export function fetchComplianceOverview(
  id: number,
  filter: CoverageFilter,
  signal?: AbortSignal,
): Promise<ComplianceOverviewAnswer> {
  return call("/auth/business/{id}/compliance-overview").GET({ params: { id }, query: { filter }, signal });
}

export async function downloadComplianceCsv(id: number, filter: CoverageFilter) {
  const file = await callFile("/auth/business/{id}/compliance-overview.csv").GET({
    params: { id },
    query: { filter },
  });
  return { blob: file.blob, filename: file.filename ?? `compliance-${id}.csv` };
}

export async function downloadRoster(id: number) {
  const file = await callFile("/auth/business/{id}/roster").GET({ params: { id } });
  return { blob: file.blob, filename: file.filename ?? `business-roster-${id}.pdf` };
}

/** Removes an employee who left (their business-user id); the company's lists reload. */
export async function removeEmployee(id: number, businessUserId: number): Promise<void> {
  await call("/auth/business/{id}/business-users/{businessUserId}").DELETE({
    params: { id, businessUserId },
  });
  await changed(id);
}

/** Moves an employee to another company of the same DER; both companies' lists reload. */
export async function moveEmployee(
  id: number,
  businessUserId: number,
  target: number,
): Promise<MoveBusinessUserAnswer> {
  const answer = await call("/auth/business/{id}/business-users/{businessUserId}").PATCH({
    params: { id, businessUserId },
    body: { business_id: target },
  });
  await Promise.all([changed(id), invalidate(businessKey(target))]);
  return answer;
}

/** Makes this company the employee's primary business. */
export async function makePrimary(id: number, businessUserId: number): Promise<BusinessUser> {
  const { data } = await call("/auth/business/{id}/business-users/{businessUserId}/primary").PUT({
    params: { id, businessUserId },
  });
  await changed(id);
  return data;
}

// ---- Crew list upload (decision 0086). ----

/** The preview of an uploaded CSV file or a pasted list: each row's verdict. */
export function previewCrewList(id: number, input: { file: File } | { text: string }) {
  const form = new FormData();
  if ("file" in input) form.set("file", input.file);
  else form.set("text", input.text);
  return call("/auth/business/{id}/crew-list/preview").POST({ params: { id }, body: form as never });
}

export async function submitCrewList(id: number, body: RequestBody<"/auth/business/{id}/crew-list", "POST">) {
  const answer = await call("/auth/business/{id}/crew-list").POST({ params: { id }, body });
  await changed(id);
  return answer;
}
