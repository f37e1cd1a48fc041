import { useEffect } from "react";
import { Link } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../components/button.tsx";
import { NavLink } from "../components/nav-link.tsx";
import { OfficeEmail, OfficePhone } from "../components/office-contact.tsx";
import { SkipLink } from "../components/skip-link.tsx";
import { ensureSession, signOut } from "../features/auth/api.ts";
import { session } from "../lib/session.ts";
import { RouteSwitch } from "./route-view.tsx";
import { PUBLIC_ROUTES } from "./routes.tsx";

const MAIN_NAV: [href: string, label: string][] = [
  ["/about", "About"],
  ["/membership", "Membership"],
  ["/services", "Services"],
  ["/partner-labs", "Partner Labs"],
  ["/about/prices", "Prices"],
  ["/contact-us", "Contact Us"],
];

const FOOTER_NAV: [href: string, label: string][] = [
  ["/about/frequently-asked-questions", "FAQ"],
  ["/random-testing-types", "Random Testing Types"],
  ["/terms-and-conditions", "Terms and Conditions"],
  ["/privacy-policy", "Privacy Policy"],
];

/** Frame of the public site: header with navigation, main, footer. */
export function PublicLayout() {
  useSignals();
  const pendingSecondFactor = session.value?.second_factor === "enrol" ||
    session.value?.second_factor === "verify";
  useEffect(() => {
    // Only decides between "Log in" and "Dashboard" in the header, so a failure here is not worth a message.
    ensureSession().catch(() => {});
  }, []);

  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="container header-inner">
          <Link href="/" className="brand">APCA</Link>
          <nav aria-label="Main" className="main-nav">
            <ul>
              {MAIN_NAV.map(([href, label]) => (
                <li key={href}>
                  <NavLink href={href}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-actions session-actions">
            {session.value && pendingSecondFactor
              ? (
                // Signed in by password, the second factor not yet confirmed: nothing to open yet (issue 37).
                <Button variant="link" className="header-sign-out" onClick={() => void signOut()}>
                  Sign out
                </Button>
              )
              : session.value
              ? <Link href="/app">Dashboard</Link>
              : (
                <>
                  <NavLink href="/login">Log in</NavLink>
                  <Link href="/register" className="button button-inverse">Register</Link>
                </>
              )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container main">
        <RouteSwitch routes={PUBLIC_ROUTES} />
      </main>
      <footer className="site-footer">
        <div className="container">
          <nav aria-label="Footer">
            <ul>
              {FOOTER_NAV.map(([href, label]) => (
                <li key={href}>
                  <NavLink href={href}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <p>APCA drug-testing consortium for mariners and maritime companies, since 1986.</p>
          <p className="footer-contact">
            Reach the office: <OfficePhone /> · <OfficeEmail /> · <Link href="/contact-us">contact form</Link>
          </p>
        </div>
      </footer>
    </>
  );
}
