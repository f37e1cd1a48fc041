/** The public site's rows: each public page's screen; the pages themselves (paths, titles, sitemap) are listed in public-pages.ts. */
import { PUBLIC_PAGES, type PublicPath } from "../public-pages.ts";
import { type AppRoute, page, type PageModule, publicPage } from "./page.tsx";

const PUBLIC_SCREENS: Record<PublicPath, () => PageModule> = {
  "/": publicPage("HomePage"),
  "/register": () => import("../../features/registration/register-page.tsx"),
  "/login": () => import("../../features/auth/login-page.tsx"),
  "/login/second-factor": () => import("../../features/auth/second-factor-page.tsx"),
  "/forgot-password/success": () => import("../../features/auth/forgot-password-success-page.tsx"),
  "/forgot-password": () => import("../../features/auth/forgot-password-page.tsx"),
  "/reset-password": () => import("../../features/auth/reset-password-page.tsx"),
  "/reset-password/:token": () => import("../../features/auth/reset-password-page.tsx"),
  "/verify/:token": () => import("../../features/verify/verify-page.tsx"),
  "/about": publicPage("AboutPage"),
  "/about/prices": publicPage("PricesPage"),
  "/about/frequently-asked-questions": publicPage("FaqPage"),
  "/membership": publicPage("MembershipPage"),
  "/partner-labs": publicPage("PartnerLabsPage"),
  "/collection-sites": publicPage("CollectionSitesPage"),
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
