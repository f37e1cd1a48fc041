/**
 * The one route table. Every screen of both specifications has a row: its path (wouter pattern), its title
 * (the <h1>, the document title and its breadcrumb label) and its lazily loaded page. Every row is made by
 * `page()`, so a screen is a file under features/<domain>/ and its loader here. Order matters inside a table:
 * `/new` before `/:id`.
 * Breadcrumbs are derived from this table (see crumbs.ts): each path prefix that is itself a row is a crumb.
 */
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import type { PageProps } from "../lib/page-props.ts";
import { type Subject, type SubjectFamily, subjectOf } from "../lib/subject.ts";
import { PUBLIC_PAGES, type PublicPath } from "./public-pages.ts";

export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** Only administrators may open it (the server enforces this too). */
  adminOnly?: boolean;
  /** The page renders its own <h1> (with PageHeading), as the home page's hero does; `title` stays the tab title. */
  ownHeading?: boolean;
}

/** A page module: its default export is the screen. */
type PageModule = Promise<{ default: ComponentType<PageProps> }>;

/**
 * The one way to attach a page: `page(path, title, () => import("../features/<domain>/<x>-page.tsx"))`. Each
 * import() is its own chunk, so the first page load carries only the shell and the page it shows. Every
 * /app/admin/* row is for administrators only.
 */
function page(path: string, title: string, load: () => PageModule, options: { ownHeading?: boolean } = {}) {
  const row: AppRoute = { path, title, page: lazy(load), ...options };
  if (path.startsWith("/app/admin/")) row.adminOnly = true;
  return row;
}

// The public site's pages are one chunk (features/public/pages.ts): text pages that are read one after another.
type PublicPages = typeof import("../features/public/pages.ts");
const publicPage = (name: keyof PublicPages) => () =>
  import("../features/public/pages.ts").then((pages) => ({ default: pages[name] }));

/** A membership screen (features/membership): written once, it takes whose membership it is. */
type MembershipModule = Promise<{ default: ComponentType<{ subject: Subject }> }>;

/**
 * `/x/:id/membership/details`, `/new`, … — the same membership screens for self, employee and user: the
 * family and the route's parameters name the subject (lib/subject.ts).
 */
const membershipRoutes = (
  base: string,
  family: SubjectFamily,
  extra: [string, string, () => MembershipModule][] = [],
): AppRoute[] => {
  const screen = (path: string, title: string, load: () => MembershipModule) =>
    page(`${base}/membership/${path}`, title, () =>
      load().then(({ default: Screen }) => ({
        default: ({ params }: PageProps) => <Screen subject={subjectOf(family, params)} />,
      })));
  return [
    screen("details", "Membership Details", () => import("../features/membership/details-page.tsx")),
    screen("new", "Set Up Membership", () => import("../features/membership/new-page.tsx")),
    screen("pause", "Pause Membership", () => import("../features/membership/pause-page.tsx")),
    screen("resume", "Resume Membership", () => import("../features/membership/resume-page.tsx")),
    screen("cancel", "Cancel Membership", () => import("../features/membership/cancel-page.tsx")),
    ...extra.map(([path, title, load]) => screen(path, title, load)),
    screen("payments/add", "Add Payment Method", () => import("../features/membership/add-card-page.tsx")),
    screen("payments", "Payment Methods", () => import("../features/membership/payments-page.tsx")),
  ];
};

/** Each public page's screen; the pages themselves (paths, titles, sitemap) are listed in public-pages.ts. */
const PUBLIC_SCREENS: Record<PublicPath, () => PageModule> = {
  "/": publicPage("HomePage"),
  "/register": () => import("../features/registration/register-page.tsx"),
  "/login": () => import("../features/auth/login-page.tsx"),
  "/login/second-factor": () => import("../features/auth/second-factor-page.tsx"),
  "/forgot-password/success": () => import("../features/auth/forgot-password-success-page.tsx"),
  "/forgot-password": () => import("../features/auth/forgot-password-page.tsx"),
  "/reset-password": () => import("../features/auth/reset-password-page.tsx"),
  "/reset-password/:token": () => import("../features/auth/reset-password-page.tsx"),
  "/verify/:token": () => import("../features/verify/verify-page.tsx"),
  "/about": publicPage("AboutPage"),
  "/about/prices": publicPage("PricesPage"),
  "/about/frequently-asked-questions": publicPage("FaqPage"),
  "/membership": publicPage("MembershipPage"),
  "/partner-labs": publicPage("PartnerLabsPage"),
  "/contact-us": publicPage("ContactPage"),
  "/contact": publicPage("ContactPage"),
  "/contact/thank-you": publicPage("ThankYouPage"),
  "/terms-and-conditions": publicPage("TermsPage"),
  "/privacy-policy": publicPage("PrivacyPage"),
  "/services": publicPage("ServicesPage"),
  "/services/non-compliance-penalties": publicPage("PenaltiesPage"),
  "/services/business-compliance-kit": publicPage("ComplianceKitPage"),
  "/approved-lab-mro": publicPage("ApprovedLabPage"),
  "/random-testing-types": publicPage("RandomTestingTypesPage"),
};

export const PUBLIC_ROUTES: AppRoute[] = PUBLIC_PAGES.map(({ path, title }) =>
  page(path, title, PUBLIC_SCREENS[path], { ownHeading: path === "/" })
);

const MEMBER_ROUTES: AppRoute[] = [
  page("/app", "Dashboard", () => import("../features/dashboard/dashboard-page.tsx")),
  page("/app/store", "Store", () => import("../features/store/store-page.tsx")),
  page("/app/store/item/:id", "Item Details", () => import("../features/store/item-page.tsx")),
  page("/app/cart", "Cart", () => import("../features/store/cart-page.tsx")),
  page("/app/cart/checkout", "Checkout", () => import("../features/store/checkout-page.tsx")),
  // ?order=
  page("/app/cart/checkout/thank-you", "Thank You", () => import("../features/store/thank-you-page.tsx")),
  page("/app/account", "Account", () => import("../features/account/account-page.tsx")),
  page(
    "/app/account/security",
    "Sign-In Security",
    () => import("../features/auth/security-page.tsx"),
  ),
  // My Tests and My Downloads (spec §2 business tabs, §6 "own tests, downloads"), reached from the dashboard.
  page("/app/account/tests", "My Tests", () => import("../features/drug-tests/tests-page.tsx")),
  page("/app/account/downloads", "My Downloads", () => import("../features/documents/downloads-page.tsx")),
  ...membershipRoutes("/app/account", "self"),
  page("/app/member/businesses", "My Businesses", () => import("../features/businesses/list-page.tsx")),
  page("/app/member/businesses/new", "New Business", () => import("../features/businesses/new-page.tsx")),
  page(
    "/app/member/businesses/:id",
    "Business Details",
    () => import("../features/businesses/detail-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/manage",
    "Manage Business",
    () => import("../features/businesses/manage-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/membership/new",
    "Start Business Membership",
    () => import("../features/businesses/membership-new-page.tsx"),
  ),
  // ?redirectURL=
  page(
    "/app/member/businesses/:id/vessel/new",
    "Add Vessel",
    () => import("../features/businesses/vessel-new-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/vessel/:vid/manage",
    "Manage Vessel",
    () => import("../features/businesses/vessel-manage-page.tsx"),
  ), // ?redirectURL=
  // Also reached as /{employeeId}/employee/new?redirectURL=/app: the same pattern.
  page(
    "/app/member/businesses/:id/employee/new",
    "Add Employee",
    () => import("../features/businesses/employee-new-page.tsx"),
  ),
  page(
    "/app/member/businesses/:id/employee/:eid",
    "Employee Details",
    () => import("../features/businesses/employee-page.tsx"),
  ),
  // An employee's membership, run by the company with its cards (lib/subject.ts).
  ...membershipRoutes("/app/member/businesses/:id/employee/:eid", "employee"),
];

const ADMIN_ROUTES: AppRoute[] = [
  page(
    "/app/admin/notifications/:id/business/review",
    "Review Company Request",
    () => import("../features/admin-requests/business-review-page.tsx"),
  ), // ?convert=1
  page(
    "/app/admin/notifications/:id/employee/new",
    "Review Employee Request",
    () => import("../features/admin-requests/employee-request-page.tsx"),
  ),
  page(
    "/app/admin/notifications/:id/change/approve",
    "Approve Change Request",
    () => import("../features/admin-requests/change-approve-page.tsx"),
  ),
  page("/app/admin/users", "Users", () => import("../features/users/users-page.tsx")),
  page("/app/admin/users/new", "Add User", () => import("../features/users/new-page.tsx")),
  page("/app/admin/users/:id", "User Details", () => import("../features/users/detail-page.tsx")),
  page("/app/admin/users/:id/manage", "Edit User", () => import("../features/users/manage-page.tsx")),
  page(
    "/app/admin/users/:id/employee/new",
    "Add To Business",
    () => import("../features/users/add-to-business-page.tsx"),
  ),
  ...membershipRoutes("/app/admin/users/:id", "user", [
    ["update", "Update Membership", () => import("../features/membership/update-page.tsx")],
  ]),
  page(
    "/app/admin/users/:id/order",
    "Manually Process Order",
    () => import("../features/orders/order-page.tsx"),
  ),
  page(
    "/app/admin/users/:id/order/checkout",
    "Order Checkout",
    () => import("../features/orders/checkout-page.tsx"),
  ),
  page("/app/admin/businesses", "Businesses", () => import("../features/admin-businesses/list-page.tsx")),
  page(
    "/app/admin/businesses/new",
    "New Business",
    () => import("../features/admin-businesses/new-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id",
    "Business Details",
    () => import("../features/admin-businesses/detail-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/manage",
    "Manage Business",
    () => import("../features/admin-businesses/manage-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/compliance-kit",
    "Company Compliance Kit",
    () => import("../features/admin-businesses/compliance-kit-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/vessel/new",
    "Add Vessel",
    () => import("../features/admin-businesses/vessel-pages.tsx").then((m) => ({ default: m.NewVesselPage })),
  ),
  // ?user= the business's user whose membership it is.
  page(
    "/app/admin/businesses/:id/membership/new",
    "Setup/Renew Membership",
    () => import("../features/admin-businesses/membership-page.tsx"),
  ),
  page(
    "/app/admin/employee/:id",
    "Employee Details",
    () => import("../features/admin-businesses/employee-page.tsx"),
  ),
  page(
    "/app/admin/manage-vessel/:vid",
    "Manage Vessel",
    () =>
      import("../features/admin-businesses/vessel-pages.tsx").then((m) => ({ default: m.ManageVesselPage })),
  ),
  page("/app/admin/randoms", "Random Pools", () => import("../features/randoms/list-page.tsx")),
  page("/app/admin/randoms/new", "New Random Pool", () => import("../features/randoms/new-page.tsx")),
  page("/app/admin/items", "Store Items", () => import("../features/items/items-page.tsx")),
  page("/app/admin/items/new", "Add Item", () => import("../features/items/new-page.tsx")),
  page("/app/admin/items/:id", "Item Details", () => import("../features/items/detail-page.tsx")),
  page("/app/admin/items/:id/manage", "Edit Item", () => import("../features/items/manage-page.tsx")),
  page("/app/admin/orders/:id", "Order Details", () => import("../features/orders/detail-page.tsx")),
  page("/app/admin/randoms/:id", "Random Pool", () => import("../features/randoms/pool-page.tsx")),
  page(
    "/app/admin/requests/:id/business/new",
    "Review New Business Request",
    () => import("../features/admin-requests/request-business-page.tsx"),
  ), // ?convert=
  page("/app/admin/analytics", "Analytics", () => import("../features/stats/analytics-page.tsx")),
  page("/app/admin/export", "Exports", () => import("../features/exports/exports-page.tsx")),
  page("/app/admin/export/new", "New Export", () => import("../features/exports/new-page.tsx")),
];

export const APP_ROUTES: AppRoute[] = [...MEMBER_ROUTES, ...ADMIN_ROUTES];
