/**
 * The one route table. Every screen of both specifications has a row: its path (wouter pattern), its title
 * (the <h1>, the document title and its breadcrumb label) and, once built, its lazily loaded page.
 * Rows without `page` render the shared "not built yet" placeholder, so building a screen means adding
 * `page:` here and a file under features/<domain>/. Order matters inside a table: `/new` before `/:id`.
 * Breadcrumbs are derived from this table (see crumbs.ts): each path prefix that is itself a row is a crumb.
 */
import { type ComponentType, lazy, type LazyExoticComponent } from "react";

export interface PageProps {
  params: Partial<Record<string, string>>;
}

export interface AppRoute {
  path: string;
  title: string;
  page?: LazyExoticComponent<ComponentType<PageProps>>;
  /** Only administrators may open it (the server enforces this too). */
  adminOnly?: boolean;
  /** The page renders its own <h1> (with PageHeading), as the home page's hero does; `title` stays the tab title. */
  ownHeading?: boolean;
}

// Each import() is its own chunk, so the first page load carries only the shell and the page it shows.
const LoginPage = lazy(() => import("../features/auth/login-page.tsx"));
const DashboardPage = lazy(() => import("../features/dashboard/dashboard-page.tsx"));
const RegisterPage = lazy(() => import("../features/registration/register-page.tsx"));
const ForgotPasswordPage = lazy(() => import("../features/auth/forgot-password-page.tsx"));
const ForgotPasswordSuccessPage = lazy(() => import("../features/auth/forgot-password-success-page.tsx"));
const ResetPasswordPage = lazy(() => import("../features/auth/reset-password-page.tsx"));
const VerifyLetterPage = lazy(() => import("../features/verify/verify-page.tsx"));
const TestsPage = lazy(() => import("../features/tests/tests-page.tsx"));
const DownloadsPage = lazy(() => import("../features/downloads/downloads-page.tsx"));

const route = (path: string, title: string, page?: AppRoute["page"]): AppRoute => ({ path, title, page });

// The public site's pages are one chunk (features/public/pages.ts): text pages that are read one after another.
type PublicPages = typeof import("../features/public/pages.ts");
const publicPage = (name: keyof PublicPages) =>
  lazy(() => import("../features/public/pages.ts").then((pages) => ({ default: pages[name] })));

// The store, cart and checkout (features/store): one chunk per screen, sharing the cart module.
const StorePage = lazy(() => import("../features/store/store-page.tsx"));
const ItemPage = lazy(() => import("../features/store/item-page.tsx"));
const CartPage = lazy(() => import("../features/store/cart-page.tsx"));
const CheckoutPage = lazy(() => import("../features/store/checkout-page.tsx"));
const ThankYouPage = lazy(() => import("../features/store/thank-you-page.tsx"));

/** `/x/:id/membership/details`, `/new`, … — the same set of membership screens for self, employee and user. */
const membershipRoutes = (base: string, extra: [string, string][] = []): AppRoute[] => [
  route(`${base}/membership/details`, "Membership Details"),
  route(`${base}/membership/new`, "Set Up Membership"),
  route(`${base}/membership/pause`, "Pause Membership"),
  route(`${base}/membership/resume`, "Resume Membership"),
  route(`${base}/membership/cancel`, "Cancel Membership"),
  ...extra.map(([path, title]) => route(`${base}/membership/${path}`, title)),
  route(`${base}/membership/payments/add`, "Add Payment Method"),
  route(`${base}/membership/payments`, "Payment Methods"),
];

export const PUBLIC_ROUTES: AppRoute[] = [
  { ...route("/", "Home", publicPage("HomePage")), ownHeading: true },
  route("/register", "Register", RegisterPage),
  route("/login", "Account Login", LoginPage),
  route("/forgot-password/success", "Check Your Email", ForgotPasswordSuccessPage),
  route("/forgot-password", "Forgot Password", ForgotPasswordPage),
  route("/reset-password", "Reset Password", ResetPasswordPage), // ?token=
  route("/reset-password/:token", "Reset Password", ResetPasswordPage), // the mailed link
  route("/verify/:token", "Verify a Letter of Compliance", VerifyLetterPage), // the letter's QR code
  route("/about", "About APCA", publicPage("AboutPage")),
  route("/about/prices", "Prices", publicPage("PricesPage")),
  route("/about/frequently-asked-questions", "Frequently Asked Questions", publicPage("FaqPage")),
  route("/membership", "Membership", publicPage("MembershipPage")),
  route("/partner-labs", "Partner Labs", publicPage("PartnerLabsPage")),
  route("/contact-us", "Contact Us", publicPage("ContactPage")),
  route("/contact", "Contact", publicPage("ContactPage")),
  route("/contact/thank-you", "Be In Touch Soon...", publicPage("ThankYouPage")),
  route("/terms-and-conditions", "Terms and Conditions", publicPage("TermsPage")),
  route("/privacy-policy", "Privacy Policy", publicPage("PrivacyPage")),
  route("/services", "Services", publicPage("ServicesPage")),
  route("/services/non-compliance-penalties", "Non-Compliance Penalties", publicPage("PenaltiesPage")),
  route("/services/business-compliance-kit", "Business Compliance Kit", publicPage("ComplianceKitPage")),
  route("/approved-lab-mro", "Approved Lab and MRO", publicPage("ApprovedLabPage")),
  route("/random-testing-types", "Random Testing Types", publicPage("RandomTestingTypesPage")),
];

const MEMBER_ROUTES: AppRoute[] = [
  route("/app", "Dashboard", DashboardPage),
  route("/app/store", "Store", StorePage),
  route("/app/store/item/:id", "Item Details", ItemPage),
  route("/app/cart", "Cart", CartPage),
  route("/app/cart/checkout", "Checkout", CheckoutPage),
  route("/app/cart/checkout/thank-you", "Thank You", ThankYouPage), // ?order=
  route("/app/account", "Account"),
  // My Tests and My Downloads (spec §2 business tabs, §6 "own tests, downloads"), reached from the dashboard.
  route("/app/account/tests", "My Tests", TestsPage),
  route("/app/account/downloads", "My Downloads", DownloadsPage),
  ...membershipRoutes("/app/account"),
  route("/app/member/businesses", "My Businesses"),
  route("/app/member/businesses/new", "New Business"),
  route("/app/member/businesses/:id", "Business Details"),
  route("/app/member/businesses/:id/manage", "Manage Business"),
  route("/app/member/businesses/:id/membership/new", "Start Business Membership"),
  route("/app/member/businesses/:id/vessel/new", "Add Vessel"), // ?redirectURL=
  route("/app/member/businesses/:id/vessel/:vid/manage", "Manage Vessel"), // ?redirectURL=
  // Also reached as /{employeeId}/employee/new?redirectURL=/app: the same pattern.
  route("/app/member/businesses/:id/employee/new", "Add Employee"),
  route("/app/member/businesses/:id/employee/:eid", "Employee Details"),
  ...membershipRoutes("/app/member/businesses/:id/employee/:eid"),
];

const ADMIN_ROUTES: AppRoute[] = [
  route("/app/admin/notifications/:id/business/review", "Review Company Request"), // ?convert=1
  route("/app/admin/notifications/:id/employee/new", "Review Employee Request"),
  route("/app/admin/notifications/:id/change/approve", "Approve Change Request"),
  route("/app/admin/users", "Users"),
  route("/app/admin/users/new", "Add User"),
  route("/app/admin/users/:id", "User Details"),
  route("/app/admin/users/:id/manage", "Edit User"),
  route("/app/admin/users/:id/employee/new", "Add To Business"),
  ...membershipRoutes("/app/admin/users/:id", [["update", "Update Membership"]]),
  route("/app/admin/users/:id/order", "Manually Process Order"),
  route("/app/admin/users/:id/order/checkout", "Order Checkout"),
  route("/app/admin/businesses", "Businesses"),
  route("/app/admin/businesses/new", "New Business"),
  route("/app/admin/businesses/:id", "Business Details"),
  route("/app/admin/businesses/:id/manage", "Manage Business"),
  route("/app/admin/businesses/:id/compliance-kit", "Company Compliance Kit"),
  route("/app/admin/businesses/:id/vessel/new", "Add Vessel"),
  route("/app/admin/businesses/:id/membership/new", "Setup/Renew Membership"),
  route("/app/admin/employee/:id", "Employee Details"),
  route("/app/admin/manage-vessel/:vid", "Manage Vessel"),
  route("/app/admin/items", "Store Items"),
  route("/app/admin/items/new", "Add Item"),
  route("/app/admin/items/:id", "Item Details"),
  route("/app/admin/items/:id/manage", "Edit Item"),
  route("/app/admin/orders/:id", "Order Details"),
  route("/app/admin/randoms", "Random Pools"),
  route("/app/admin/randoms/new", "New Random Pool"),
  route("/app/admin/randoms/:id", "Random Pool"),
  route("/app/admin/requests/:id/business/new", "Review New Business Request"), // ?convert=
  route("/app/admin/analytics", "Analytics"),
  route("/app/admin/export", "Exports"),
  route("/app/admin/export/new", "New Export"),
].map((row) => ({ ...row, adminOnly: true }));

// The member's own account and membership screens (features/account), by path. The employee and admin
// variants of the membership paths are other screens and stay placeholders here.
const ACCOUNT_PAGES: Partial<Record<string, AppRoute["page"]>> = {
  "/app/account": lazy(() => import("../features/account/account-page.tsx")),
  "/app/account/membership/details": lazy(() => import("../features/account/membership-details-page.tsx")),
  "/app/account/membership/new": lazy(() => import("../features/account/membership-new-page.tsx")),
  "/app/account/membership/pause": lazy(() => import("../features/account/membership-pause-page.tsx")),
  "/app/account/membership/resume": lazy(() => import("../features/account/membership-resume-page.tsx")),
  "/app/account/membership/cancel": lazy(() => import("../features/account/membership-cancel-page.tsx")),
  "/app/account/membership/payments": lazy(() => import("../features/account/payments-page.tsx")),
  "/app/account/membership/payments/add": lazy(() => import("../features/account/payments-add-page.tsx")),
};
const withAccountPage = (row: AppRoute): AppRoute =>
  ACCOUNT_PAGES[row.path] ? { ...row, page: ACCOUNT_PAGES[row.path] } : row;

export const APP_ROUTES: AppRoute[] = [...MEMBER_ROUTES.map(withAccountPage), ...ADMIN_ROUTES];
