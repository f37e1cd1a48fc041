/**
 * The one way to attach a page, shared by the areas' tables (public.ts, member.ts, admin.ts): `page()` for a
 * row, `publicPage()` for a page of the public site's shared chunk, `membershipRoutes()` for the membership
 * family that is written once for three subjects.
 */
import type { ComponentType } from "react";
import type { PageProps } from "../../lib/page-props.ts";
import { type LazyScreen, lazyScreen } from "../../components/lazy-screen.tsx";
import { type Subject, type SubjectFamily, subjectOf } from "../../features/payments/subject.ts";

export interface AppRoute {
  path: string;
  title: string;
  page: LazyScreen<PageProps>;
  /** Only administrators may open it (the server enforces this too). */
  adminOnly?: boolean;
  /** The page renders its own <h1> (with PageHeading), as the home page's hero does; `title` stays the tab title. */
  ownHeading?: boolean;
}

/** A page module: its default export is the screen. */
export type PageModule = Promise<{ default: ComponentType<PageProps> }>;

/**
 * The one way to attach a page: `page(path, title, () => import("../../features/<domain>/<x>-page.tsx"))`. Each
 * import() is its own chunk, so the first page load carries only the shell and the page it shows. Every
 * /app/admin/* row is for administrators only.
 */
export function page(
  path: string,
  title: string,
  load: () => PageModule,
  options: { ownHeading?: boolean } = {},
) {
  const row: AppRoute = { path, title, page: lazyScreen(load), ...options };
  if (path.startsWith("/app/admin/")) row.adminOnly = true;
  return row;
}

// The public site's pages are one chunk (features/public/pages.ts): text pages that are read one after another.
type PublicPages = typeof import("../../features/public/pages.ts");
export const publicPage = (name: keyof PublicPages) => () =>
  import("../../features/public/pages.ts").then((pages) => ({ default: pages[name] }));

/** A membership screen (features/memberships): written once, it takes whose membership it is. */
type MembershipModule = Promise<{ default: ComponentType<{ subject: Subject }> }>;

/**
 * `/x/:id/membership/details`, `/new`, … — the same membership screens for self, employee and user: the
 * family and the route's parameters name the subject (features/payments/subject.ts).
 */
export const membershipRoutes = (
  base: string,
  family: SubjectFamily,
  extra: [string, string, () => MembershipModule][] = [],
): AppRoute[] => {
  const screen = (path: string, title: string, load: () => MembershipModule) =>
    page(
      `${base}/membership/${path}`,
      title,
      () =>
        Promise.all([load(), import("../membership-subject.tsx")]).then((
          [{ default: Screen }, { MembershipSubject }],
        ) => ({
          default: ({ params }: PageProps) => (
            <>
              <MembershipSubject subject={subjectOf(family, params)} />
              <Screen subject={subjectOf(family, params)} />
            </>
          ),
        })),
    );
  return [
    screen("details", "Membership Details", () => import("../../features/memberships/details-page.tsx")),
    screen("new", "Set Up Membership", () => import("../../features/memberships/new-page.tsx")),
    screen("pause", "Pause Membership", () => import("../../features/memberships/pause-page.tsx")),
    screen("resume", "Resume Membership", () => import("../../features/memberships/resume-page.tsx")),
    screen("cancel", "Cancel Membership", () => import("../../features/memberships/cancel-page.tsx")),
    ...extra.map(([path, title, load]) => screen(path, title, load)),
    screen(
      "payments/add",
      "Add Payment Method",
      () => import("../../features/memberships/add-card-page.tsx"),
    ),
    screen("payments", "Payment Methods", () => import("../../features/memberships/payments-page.tsx")),
  ];
};
