/**
 * The public site's pages, in one place for both sides (decision 0055): the web's route table attaches a
 * screen to each, and the build writes this list to dist/public-pages.json (web/build/public-pages-file.ts),
 * from which the server answers 404 for any path that is neither one of these nor under /app, and lists the
 * `listed` ones in /sitemap.xml.
 * A path segment `:name` stands for any one segment. Order matters as in the route table.
 */
export interface PublicPage {
  path: string;
  title: string;
  /** In the sitemap: a page worth finding from a search engine (not a step of a flow, nor a token link). */
  listed: boolean;
}

export const PUBLIC_PAGES = [
  { path: "/", title: "Home", listed: true },
  { path: "/register", title: "Register", listed: true },
  { path: "/login", title: "Account Login", listed: true },
  // After the password: enrol or confirm the second factor (decision 0043); ?next=, ?step-up=1.
  { path: "/login/second-factor", title: "Confirm Sign-In", listed: false },
  { path: "/forgot-password/success", title: "Check Your Email", listed: false },
  { path: "/forgot-password", title: "Forgot Password", listed: false },
  // ?token=, and the mailed link.
  { path: "/reset-password", title: "Reset Password", listed: false },
  { path: "/reset-password/:token", title: "Reset Password", listed: false },
  // The letter's QR code.
  { path: "/verify/:token", title: "Verify a Letter of Compliance", listed: false },
  { path: "/about", title: "About APCA", listed: true },
  { path: "/about/prices", title: "Prices", listed: true },
  { path: "/about/frequently-asked-questions", title: "Frequently Asked Questions", listed: true },
  { path: "/membership", title: "Membership", listed: true },
  { path: "/partner-labs", title: "Partner Labs", listed: true },
  // ?zip= searches at once (the selection notice links here with the member's ZIP code).
  { path: "/collection-sites", title: "Find a Collection Site", listed: true },
  { path: "/contact-us", title: "Contact Us", listed: true },
  { path: "/contact", title: "Contact", listed: false },
  { path: "/contact/thank-you", title: "Be In Touch Soon...", listed: false },
  { path: "/terms-and-conditions", title: "Terms and Conditions", listed: true },
  { path: "/privacy-policy", title: "Privacy Policy", listed: true },
  { path: "/services", title: "Services", listed: true },
  { path: "/services/non-compliance-penalties", title: "Non-Compliance Penalties", listed: true },
  { path: "/services/business-compliance-kit", title: "Business Compliance Kit", listed: true },
  { path: "/approved-lab-mro", title: "Approved Lab and MRO", listed: true },
  { path: "/random-testing-types", title: "Random Testing Types", listed: true },
] as const satisfies readonly PublicPage[];

export type PublicPath = typeof PUBLIC_PAGES[number]["path"];
