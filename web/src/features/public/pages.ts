/**
 * The public site's pages as one lazily loaded group: the first visit downloads them together (they are
 * mostly text), so moving between public pages afterwards needs no further request.
 */
import "./public.css";
import { loadPrices } from "../settings/prices.ts";

// Most public pages show a price: ask for them while React renders the page, not after.
loadPrices().catch(() => {});

export { default as HomePage } from "./home-page.tsx";
export { default as AboutPage } from "./about-page.tsx";
export { default as MembershipPage } from "./membership-page.tsx";
export { default as PartnerLabsPage } from "./partner-labs-page.tsx";
export { default as CollectionSitesPage } from "./collection-sites-page.tsx";
export { default as PricesPage } from "./prices-page.tsx";
export { default as ServicesPage } from "./services-page.tsx";
export { default as PenaltiesPage } from "./penalties-page.tsx";
export { default as ComplianceKitPage } from "./compliance-kit-page.tsx";
export { default as FaqPage } from "./faq-page.tsx";
export { default as ApprovedLabPage } from "./approved-lab-page.tsx";
export { default as RandomTestingTypesPage } from "./random-testing-types-page.tsx";
export { default as TermsPage } from "./terms-page.tsx";
export { default as PrivacyPage } from "./privacy-page.tsx";
export { default as ContactPage } from "./contact-page.tsx";
export { default as ThankYouPage } from "./thank-you-page.tsx";
