/** The members' and DERs' rows: the dashboard, the store, the account, the companies and their people. */
import { type AppRoute, membershipRoutes, page } from "./page.tsx";

export const MEMBER_ROUTES: AppRoute[] = [
  page("/app", "Dashboard", () => import("../../features/dashboard/dashboard-page.tsx")),
  page("/app/store", "Store", () => import("../../features/store/store-page.tsx")),
  page("/app/store/item/:id", "Item Details", () => import("../../features/store/item-page.tsx")),
  page("/app/cart", "Cart", () => import("../../features/store/cart-page.tsx")),
  page("/app/cart/checkout", "Checkout", () => import("../../features/store/checkout-page.tsx")),
  // ?order=
  page("/app/cart/checkout/thank-you", "Thank You", () => import("../../features/store/thank-you-page.tsx")),
  page("/app/account", "Account", () => import("../../features/account/account-page.tsx")),
  page(
    "/app/account/security",
    "Sign-In Security",
    () => import("../../features/auth/security-page.tsx"),
  ),
  // My Tests and My Downloads (spec §2 business tabs, §6 "own tests, downloads"), reached from the dashboard.
  page("/app/account/tests", "My Tests", () => import("../../features/drug-tests/tests-page.tsx")),
  page("/app/account/downloads", "My Downloads", () => import("../../features/documents/downloads-page.tsx")),
  // An independent mariner's random selection: report by, site, the i3 order as text and QR (decision 0071).
  page(
    "/app/account/selection-notice",
    "Selection Notice",
    () => import("../../features/drug-tests/selection-notice-page.tsx"),
  ),
  // Consents to release results (decision 0092): the member's, and those given to the signed-in person.
  page("/app/account/consents", "Consents", () => import("../../features/consents/consents-page.tsx")),
  page("/app/consents", "Shared With You", () => import("../../features/consents/received-page.tsx")),
  // What is held about the member, as one zip, and who looked at their records (decision 0093); offline too.
  page("/app/account/data", "Your Data", () => import("../../features/account-data/data-page.tsx")),
  // Every order with its receipt PDF, also offline (decision 0063).
  page("/app/account/orders", "My Orders", () => import("../../features/orders/history-page.tsx")),
  ...membershipRoutes("/app/account", "self"),
  page("/app/member/businesses", "My Businesses", () => import("../../features/businesses/list-page.tsx")),
  page("/app/member/businesses/new", "New Business", () => import("../../features/businesses/new-page.tsx")),
  page(
    "/app/member/businesses/:id",
    "Business Details",
    () => import("../../features/businesses/detail-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/manage",
    "Manage Business",
    () => import("../../features/businesses/manage-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/membership/new",
    "Start Business Membership",
    () => import("../../features/businesses/membership-new-page.tsx"),
  ),
  // ?redirectURL=
  page(
    "/app/member/businesses/:id/vessel/new",
    "Add Vessel",
    () => import("../../features/businesses/vessel-new-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/vessel/:vid/manage",
    "Manage Vessel",
    () => import("../../features/businesses/vessel-manage-page.tsx"),
  ), // ?redirectURL=
  // Also reached as /{employeeId}/employee/new?redirectURL=/app: the same pattern.
  page(
    "/app/member/businesses/:id/employee/new",
    "Add Employee",
    () => import("../../features/businesses/employee-new-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/employee/upload",
    "Upload Crew List",
    () => import("../../features/businesses/crew-upload-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/roster",
    "Confirm Crew List",
    () => import("../../features/rosters/roster-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/employee/:eid",
    "Employee Details",
    () => import("../../features/businesses/employee-page.tsx"),
  ),
  // An employee's membership, run by the company with its cards (features/payments/subject.ts).
  ...membershipRoutes("/app/member/businesses/:id/employee/:eid", "employee"),
];
