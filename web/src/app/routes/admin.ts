/** The administrators' rows: every /app/admin/* row is for administrators only (page()). */
import { type AppRoute, membershipRoutes, page } from "./page.tsx";

export const ADMIN_ROUTES: AppRoute[] = [
  page(
    "/app/admin/notifications/:id/business/review",
    "Review Company Request",
    () => import("../../features/admin-requests/business-review-page.tsx"),
  ), // ?convert=1
  page(
    "/app/admin/notifications/:id/employee/new",
    "Review Employee Request",
    () => import("../../features/admin-requests/employee-request-page.tsx"),
  ),
  page(
    "/app/admin/notifications/:id/change/approve",
    "Approve Change Request",
    () => import("../../features/admin-requests/change-approve-page.tsx"),
  ),
  page("/app/admin/users", "Users", () => import("../../features/users/users-page.tsx")),
  page("/app/admin/users/new", "Add User", () => import("../../features/users/new-page.tsx")),
  page("/app/admin/users/:id", "User Details", () => import("../../features/users/detail-page.tsx")),
  page("/app/admin/users/:id/manage", "Edit User", () => import("../../features/users/manage-page.tsx")),
  page(
    "/app/admin/users/:id/merge/:closeId",
    "Merge Accounts",
    () => import("../../features/users/merge-page.tsx"),
  ),
  page(
    "/app/admin/users/:id/employee/new",
    "Add To Business",
    () => import("../../features/users/add-to-business-page.tsx"),
  ),
  ...membershipRoutes("/app/admin/users/:id", "user", [
    ["update", "Update Membership", () => import("../../features/memberships/update-page.tsx")],
  ]),
  page(
    "/app/admin/users/:id/order",
    "Manually Process Order",
    () => import("../../features/orders/order-page.tsx"),
  ),
  page(
    "/app/admin/users/:id/order/checkout",
    "Order Checkout",
    () => import("../../features/orders/checkout-page.tsx"),
  ),
  page("/app/admin/businesses", "Businesses", () => import("../../features/admin-businesses/list-page.tsx")),
  page(
    "/app/admin/businesses/new",
    "New Business",
    () => import("../../features/admin-businesses/new-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id",
    "Business Details",
    () => import("../../features/admin-businesses/detail-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/manage",
    "Manage Business",
    () => import("../../features/admin-businesses/manage-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/compliance-kit",
    "Company Compliance Kit",
    () => import("../../features/admin-businesses/compliance-kit-page.tsx"),
  ),
  page(
    "/app/admin/businesses/:id/vessel/new",
    "Add Vessel",
    () =>
      import("../../features/admin-businesses/vessel-pages.tsx").then((m) => ({ default: m.NewVesselPage })),
  ),
  // ?user= the business's user whose membership it is.
  page(
    "/app/admin/businesses/:id/membership/new",
    "Setup/Renew Membership",
    () => import("../../features/admin-businesses/membership-page.tsx"),
  ),
  page(
    "/app/admin/employee/:id",
    "Employee Details",
    () => import("../../features/admin-businesses/employee-page.tsx"),
  ),
  page(
    "/app/admin/manage-vessel/:vid",
    "Manage Vessel",
    () =>
      import("../../features/admin-businesses/vessel-pages.tsx").then((m) => ({
        default: m.ManageVesselPage,
      })),
  ),
  page("/app/admin/randoms", "Random Pools", () => import("../../features/randoms/list-page.tsx")),
  page("/app/admin/randoms/new", "New Random Pool", () => import("../../features/randoms/new-page.tsx")),
  page("/app/admin/items", "Store Items", () => import("../../features/items/items-page.tsx")),
  page("/app/admin/items/new", "Add Item", () => import("../../features/items/new-page.tsx")),
  page("/app/admin/items/:id", "Item Details", () => import("../../features/items/detail-page.tsx")),
  page("/app/admin/items/:id/manage", "Edit Item", () => import("../../features/items/manage-page.tsx")),
  page("/app/admin/audit", "Audit", () => import("../../features/audit/audit-page.tsx")),
  page(
    "/app/admin/employee-batches/:id",
    "Review Crew List",
    () => import("../../features/admin-requests/employee-batch-page.tsx"),
  ),
  page("/app/admin/rosters", "Crew Lists", () => import("../../features/rosters/admin-page.tsx")),
  page("/app/admin/settings", "Settings", () => import("../../features/settings/settings-page.tsx")),
  page(
    "/app/admin/settings/retention",
    "Records Retention",
    () => import("../../features/retention/retention-page.tsx"),
  ),
  page("/app/admin/imports", "Imports", () => import("../../features/imports/imports-page.tsx")),
  page("/app/admin/orders", "Orders", () => import("../../features/orders/list-page.tsx")),
  page("/app/admin/orders/:id", "Order Details", () => import("../../features/orders/detail-page.tsx")),
  page("/app/admin/randoms/:id", "Random Pool", () => import("../../features/randoms/pool-page.tsx")),
  page(
    "/app/admin/requests/:id/business/new",
    "Review New Business Request",
    () => import("../../features/admin-requests/request-business-page.tsx"),
  ), // ?convert=
  page("/app/admin/analytics", "Analytics", () => import("../../features/stats/analytics-page.tsx")),
  page("/app/admin/export", "Exports", () => import("../../features/exports/exports-page.tsx")),
  page("/app/admin/export/new", "New Export", () => import("../../features/exports/new-page.tsx")),
];
