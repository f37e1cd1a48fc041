/**
 * The API's contract with the web: every request and response type the web uses, read off the zod schemas the
 * routes validate with and document (`describe({ response })`), so a changed answer breaks the web's type
 * check instead of a screen. The web imports these with `import type` only, through its `@api/contract` alias
 * (web/deno.json); Vite erases type imports, so no server code reaches the bundle (a test in
 * web/build/feature-boundaries.ts refuses a value import).
 *
 * Types only, and only from `<domain>/schemas.ts` files and lib/list.ts: this file is type-checked inside the
 * web's program (DOM library), where a service, a query or a Deno-only API would not belong.
 * Responses are `z.infer` (what the server sends); requests are `z.input` (what the server accepts).
 */
import type { z } from "zod";
import type { AnalyticsEventBody } from "./analytics/schemas.ts";
import type { LoginBody, SessionUserBody } from "./auth/schemas.ts";
import type {
  EnrolAnswer,
  SecondFactorStatus,
  TotpSecretAnswer,
  VerifyBody,
} from "./auth/second-factor/schemas.ts";
import type { BusinessRecord } from "./businesses/schemas.ts";
import type { VerificationResponse } from "./compliance/schemas.ts";
import type { ContactBody, ContactResponse } from "./contact/schemas.ts";
import type { CollectionSiteRecord, CollectionSitesResponse } from "./collection-sites/schemas.ts";
import type { DocumentList } from "./documents/schemas.ts";
import type { KitBody, KitDocumentList } from "./compliance-kit/schemas.ts";
import type {
  DrugTestRecord,
  I3ProblemsAnswer,
  I3SetUpAnswer,
  RetriedTestAnswer,
} from "./drug-tests/schemas.ts";
import type { ListMeta } from "./lib/list.ts";
import type {
  AdminStartBody,
  HistoryRecord,
  MembershipMessageAnswer,
  MembershipRecord,
  PauseBody,
  StartBody,
  UpdateBody,
  UpdatePreviewAnswer,
} from "./memberships/schemas.ts";
import type { OrderRecord, PurchaseBody, PurchaseResponse } from "./orders/schemas.ts";
import type {
  CompanyBreakdownResponse,
  ConsortiumResponse,
  DecompositionResponse,
  OneTimeResponse,
  OverviewResponse,
  RandomsResponse,
} from "./stats/schemas.ts";
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  MessageResponse,
  ResetPasswordBody,
} from "./password-reset/schemas.ts";
import type {
  AddPaymentMethodBody,
  PaymentIntentResponse,
  PaymentMethodRecord,
} from "./payment-methods/schemas.ts";
import type { ConfirmSetupIntentBody, ConfirmSetupIntentResponse } from "./payments/schemas.ts";
import type { PublicConfig as PublicConfigSchema } from "./public-config/schemas.ts";
import type {
  ComplianceBody,
  DerRegistrationBody,
  MemberRegistrationBody,
  MembershipBody as RegistrationMembershipBody,
  RegistrationResponse,
} from "./registration/schemas.ts";
import type {
  AdminSettingsBody,
  AdminSettingsChangeResponse,
  AdminSettingsResponse,
  PricesResponse,
} from "./settings/schemas.ts";
import type { StoreItemRecord } from "./store/schemas.ts";
import type { SAFETY_LETTER_MAX_BYTES, UserRecord } from "./users/schemas.ts";
/** The largest safety concern letter, in bytes: the web's form states it (a different number fails its check). */
export type SafetyLetterMaxBytes = typeof SAFETY_LETTER_MAX_BYTES;
export type { ProfileAnswerBody, ProfileUpdateAnswerBody, ProfileUpdateRequest } from "./users/schemas.ts";

/** Every list answers one page: `{ data, meta: { total, page, per_page } }` (lib/list.ts). */
export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

// Session and account
export type SessionUser = z.infer<typeof SessionUserBody>;
export type LoginRequest = z.input<typeof LoginBody>;
/** The second factor (decision 0043). */
export type SecondFactorState = SessionUser["second_factor"];
export type SecondFactorOverview = z.infer<typeof SecondFactorStatus>;
export type SecondFactorEnrolAnswer = z.infer<typeof EnrolAnswer>;
export type SecondFactorVerifyRequest = z.input<typeof VerifyBody>;
export type TotpSecret = z.infer<typeof TotpSecretAnswer>;
export type User = z.infer<typeof UserRecord>;
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordBody>;
export type ResetPasswordRequest = z.input<typeof ResetPasswordBody>;
export type PasswordMessageAnswer = z.infer<typeof MessageResponse>;
export type ChangePasswordRequest = z.input<typeof ChangePasswordBody>;

// Memberships
export type Membership = z.infer<typeof MembershipRecord>;
export type MembershipStatus = Membership["attributes"]["status"];
export type MembershipType = Membership["attributes"]["type"];
export type PauseWarning = NonNullable<Membership["attributes"]["pause_warning"]>;
export type PauseOutlook = NonNullable<Membership["attributes"]["pause_outlook"]>;
export type MembershipHistoryRow = z.infer<typeof HistoryRecord>;
/** The answer of a start, renewal, pause, resume or cancel. */
export type MembershipAnswer = z.infer<typeof MembershipMessageAnswer>;
export type StartMembershipRequest = z.input<typeof StartBody>;
export type PauseMembershipRequest = z.input<typeof PauseBody>;
/** The administrators' Setup/Renew Membership form (admin spec §3 "Order form"). */
export type AdminStartMembershipRequest = z.input<typeof AdminStartBody>;
/** The administrators' update of a membership's expiry. */
export type UpdateMembershipRequest = z.input<typeof UpdateBody>;
/** What an expiry update would do, shown before saving (decision 0041). */
export type MembershipUpdatePreview = z.infer<typeof UpdatePreviewAnswer>["data"];

// Cards and payments
export type PaymentMethod = z.infer<typeof PaymentMethodRecord>;
export type PaymentIntent = z.infer<typeof PaymentIntentResponse>;
export type AddPaymentMethodRequest = z.input<typeof AddPaymentMethodBody>;
/** The sandbox processor's card form (the setup intent's secret and the card). */
export type SandboxSetupRequest = z.input<typeof ConfirmSetupIntentBody>;
export type SandboxSetupAnswer = z.infer<typeof ConfirmSetupIntentResponse>;

// Store and orders
export type StoreItem = z.infer<typeof StoreItemRecord>;
export type Order = z.infer<typeof OrderRecord>;
export type PurchaseRequest = z.input<typeof PurchaseBody>;
export type PurchaseAnswer = z.infer<typeof PurchaseResponse>;

// Drug tests, documents, businesses, the letter's check
export type DrugTest = z.infer<typeof DrugTestRecord>;
export type StoredDocument = z.infer<typeof DocumentList>["data"][number];
export type Business = z.infer<typeof BusinessRecord>;
export type Verification = z.infer<typeof VerificationResponse>;

// Businesses, employees and vessels (decision 0021): the types their schemas.ts files export
export type {
  AdminBusinessCreateRequest,
  BusinessAnswer,
  BusinessCreateRequest,
  BusinessDeletedAnswer,
  BusinessListAnswer,
  BusinessListParams,
  BusinessPageAnswer,
  BusinessTest,
  BusinessTestPageAnswer,
  BusinessUpdateAnswer,
  BusinessUpdateRequest,
  DeactivateRequest,
} from "./businesses/schemas.ts";
export type {
  AddBusinessUserRequest,
  BusinessUser,
  BusinessUserAnswer,
  BusinessUserListAnswer,
  EmployeeRequest,
  EmployeeRequestAnswer,
  EmployeeRequestRequest,
  MoveBusinessUserAnswer,
  MoveBusinessUserRequest,
} from "./employees/schemas.ts";
export type {
  Vessel,
  VesselAnswer,
  VesselCreateRequest,
  VesselListAnswer,
  VesselUpdateRequest,
} from "./vessels/schemas.ts";

// The i3 link and the compliance kit, as the administrators' business screens use them
export type I3SetUp = z.infer<typeof I3SetUpAnswer>;
export type I3Problems = z.infer<typeof I3ProblemsAnswer>["data"];
export type RetriedTest = z.infer<typeof RetriedTestAnswer>["data"];
export type KitPurchaseRequest = z.input<typeof KitBody>;
export type KitDocument = z.infer<typeof KitDocumentList>["data"][number];
// Exports (decision 0032)
export type {
  Export,
  ExportCreateRequest,
  ExportFiltersInput,
  ExportListParams,
  ExportPageAnswer,
  ExportTypeName,
} from "./exports/schemas.ts";
// Imports (issue 36, decision 0084)
export type {
  ImportRecordT as ImportBatch,
  ImportRowT as ImportRow,
  UploadAnswerT as ImportUpload,
} from "./imports/schemas.ts";
// The DER's compliance overview (issue 25, decision 0065)
export type { ComplianceOverviewAnswer, ComplianceRow } from "./exports/schemas.ts";

// Registration
export type MemberRegistrationRequest = z.input<typeof MemberRegistrationBody>;
export type DerRegistrationRequest = z.input<typeof DerRegistrationBody>;
export type RegistrationAnswer = z.infer<typeof RegistrationResponse>;
export type RegistrationMembershipRequest = z.input<typeof RegistrationMembershipBody>;
export type ComplianceKitRequest = z.input<typeof ComplianceBody>;

// Public
export type Prices = z.infer<typeof PricesResponse>;
export type AdminSettingsAnswer = z.infer<typeof AdminSettingsResponse>;
export type AdminSettingsChangeAnswer = z.infer<typeof AdminSettingsChangeResponse>;
export type AdminSettingsRequest = z.input<typeof AdminSettingsBody>;
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
export type ContactRequest = z.input<typeof ContactBody>;
export type ContactAnswer = z.infer<typeof ContactResponse>;
export type CollectionSite = z.infer<typeof CollectionSiteRecord>;
export type CollectionSitesAnswer = z.infer<typeof CollectionSitesResponse>;
export type AnalyticsEvent = z.input<typeof AnalyticsEventBody>;

// The administrators' notification center (desk/schemas.ts)
export type {
  BusinessRequestRef,
  Category as NotificationCategory,
  DoneAnswer,
  DuplicateCompany,
  DuplicatesAnswerBody,
  EmployeeRequestReview,
  NewCompanyRequest,
  NewEmployeeRequest,
  NotificationCounts,
  NotificationItem,
  NotificationPageAnswer,
  PausedItem,
  PausedPageAnswer,
  RegistrationItem,
  RegistrationPageAnswer,
} from "./desk/schemas.ts";
// Random pools (decision 0033)
export type {
  CreatePoolRequest,
  DerSelection,
  PoolCandidate,
  PoolPace,
  PoolPreview,
  PoolRecordAnswer,
  PoolVerifyAnswer,
  ReasonRequest,
  SelectionNotice,
} from "./randoms/schemas.ts";
// The administrators' users, items and orders (issue 13, decision 0030)
export type {
  AddToBusinessAnswer,
  AddToBusinessRequest,
  AdminRightsRequest,
  UserActionAnswer,
  UserAnswer,
  UserCreateRequest,
  UserDetail,
  UserMessageAnswer,
  UserPageAnswer,
  UserUpdateRequest,
} from "./users/schemas.ts";
export type { AuditEntry, AuditListQuery, AuditPageAnswer } from "./audit/schemas.ts";
export type { SearchResult } from "./search/schemas.ts";
export type {
  AdminPurchaseRequest,
  CancelOrderAnswer,
  OrderListAnswer,
  OrderListRow,
  OrdersListQuery,
  ShippingChangeAnswer,
  ShipRequest,
  UserOrderPageAnswer,
  UserOrderSummary,
} from "./orders/schemas.ts";
export type {
  AdminItem,
  AdminItemAnswer,
  AdminItemPageAnswer,
  ItemRequest,
  RetireItemAnswer,
} from "./store/schemas.ts";
// Analytics (admin spec §3): the overview tiles and the five charts' payloads.
export type StatsOverview = z.infer<typeof OverviewResponse>;
export type CompanyBreakdownStats = z.infer<typeof CompanyBreakdownResponse>;
export type ConsortiumStats = z.infer<typeof ConsortiumResponse>;
export type DecompositionStats = z.infer<typeof DecompositionResponse>;
export type OneTimeStats = z.infer<typeof OneTimeResponse>;
export type RandomsStats = z.infer<typeof RandomsResponse>;
// The account merge (decision 0080) and a membership charge's refund (decision 0081)
export type { MergePlan } from "./desk/merge-schemas.ts";
export type { MembershipRefund } from "./memberships/refund-schemas.ts";
// Consents to release results (decision 0092)
export type { CompanyChoice, Consent, ConsentRequest } from "./consents/schemas.ts";

// "Your data" and "Who looked at my records" (decision 0093).
export type { AccountDataBody } from "./account-data/schemas.ts";
export type { RecordView } from "./audit/schemas.ts";
