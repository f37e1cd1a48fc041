import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Link, useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button } from "../components/button.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { NavLink } from "../components/nav-link.tsx";
import { SkipLink } from "../components/skip-link.tsx";
import { PageNotice } from "../components/toasts.tsx";
import { signOut } from "../features/auth/api.ts";
import { askStepUp, stepUpAsked } from "../features/auth/step-up.ts";
import { reloadOwnMembership } from "../features/memberships/api.ts";
import { CartLink } from "../features/store/cart-link.tsx";
import { confirmStepUpsWith } from "../lib/api.ts";
import { errorMessage } from "../lib/form.ts";
import { type Role, role, session } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { OfflineIndicator, OutboxPanel } from "../offline/offline-ui.tsx";
import { MoreMenu } from "./more-menu.tsx";
import { onOutboxAnswered, queued, startSync } from "../offline/sync.ts";

// The outbox sends the member's membership changes; its answers reload the membership's screens (offline/
// imports no feature, so the feature's reload is given here, before any change is sent or replayed).
onOutboxAnswered(reloadOwnMembership);

// The administrators' header search (issue 24 item 4) loads with the first admin screen, not for members.
const HeaderSearch = lazy(() => import("../features/search/header-search.tsx"));

// A sensitive action that needs a fresh second factor asks for it over the screen and goes on (decision 0043);
// the dialog's code loads only when one is asked.
confirmStepUpsWith(askStepUp);
const StepUpDialog = lazy(() => import("../features/auth/step-up-dialog.tsx"));

function StepUp() {
  useSignals();
  const answer = stepUpAsked.value;
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={answer} />
    </Suspense>
  );
}

const NAV_BY_ROLE: Record<Role, [href: string, label: string][]> = {
  admin: [
    ["/app", "Dashboard"],
    ["/app/admin/users", "Users"],
    ["/app/admin/businesses", "Businesses"],
    ["/app/admin/orders", "Orders"],
    ["/app/admin/randoms", "Random Pools"],
    ["/app/admin/analytics", "Analytics"],
    ["/app/admin/export", "Exports"],
  ],
  der: [
    ["/app", "Dashboard"],
    ["/app/member/businesses", "My Businesses"],
    ["/app/consents", "Shared With You"],
    ["/app/store", "Store"],
    ["/app/cart", "Cart"],
    ["/app/account", "Account"],
  ],
  member: [
    ["/app", "Dashboard"],
    ["/app/member/businesses", "My Businesses"],
    ["/app/store", "Store"],
    ["/app/cart", "Cart"],
    ["/app/account", "Account"],
  ],
};

/**
 * The administrators' less-used screens, behind the header's More (decision 0090): with them in the row, the
 * header did not fit 1440 px (the name was cut to two letters) nor 1200 px (it scrolled sideways).
 */
const ADMIN_MORE: [href: string, label: string][] = [
  ["/app/admin/items", "Store Items"],
  ["/app/admin/rosters", "Crew Lists"],
  ["/app/admin/imports", "Imports"],
  ["/app/admin/audit", "Audit"],
  ["/app/admin/settings", "Settings"],
];

/** Frame of the signed-in area: navigation for the user's role, their name and Sign out. */
export function AppLayout({ children }: { children: ReactNode }) {
  useSignals();
  const signingOut = useSignal(false);
  const confirming = useSignal(false);
  // On a phone the navigation and Sign out fold behind a Menu button (styles.css); a new page closes it.
  const menuOpen = useSignal(false);
  const [location] = useLocation();
  useEffect(() => {
    menuOpen.value = false;
  }, [location]);
  const links = NAV_BY_ROLE[role.value ?? "member"];
  // Administrators work at a desk: their lists and detail pages take the screen's width (issue 23: at 1440 px
  // they were held to the members' reading width); members and DERs keep the narrower column.
  const container = role.value === "admin" ? "container container-wide" : "container";

  useEffect(() => startSync(), []);

  async function onSignOut() {
    // Signing out deletes what this device keeps for the member, so queued changes would be lost: ask first.
    if (queued.value.length > 0 && !confirming.value) {
      confirming.value = true;
      return;
    }
    signingOut.value = true;
    try {
      await signOut();
    } catch (error) {
      toast.error(errorMessage(error));
      signingOut.value = false;
    } finally {
      confirming.value = false;
    }
  }
  const waiting = queued.value.length;

  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className={`${container} header-inner`}>
          <Link href="/app" className="brand">APCA</Link>
          <OfflineIndicator />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen.value}
            aria-controls="app-menu"
            onClick={() => (menuOpen.value = !menuOpen.value)}
          >
            Menu
          </button>
          <div id="app-menu" className={menuOpen.value ? "app-menu is-open" : "app-menu"}>
            <nav aria-label="Main" className="main-nav">
              <ul>
                {links.map(([href, label]) => (
                  <li key={href}>
                    {href === "/app/cart" ? <CartLink /> : <NavLink href={href}>{label}</NavLink>}
                  </li>
                ))}
                {role.value === "admin" && (
                  <li>
                    <MoreMenu links={ADMIN_MORE} />
                  </li>
                )}
              </ul>
            </nav>
            <div className="header-actions">
              {role.value === "admin" && (
                <Suspense fallback={null}>
                  <HeaderSearch />
                </Suspense>
              )}
              <span className="user-name">{session.value?.full_name}</span>
              <Button
                variant="secondary"
                busy={signingOut.value}
                busyLabel="Signing out…"
                onClick={onSignOut}
              >
                Sign out
              </Button>
            </div>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`${container} main`}>
        <OutboxPanel />
        <PageNotice />
        {children}
      </main>
      <StepUp />
      <ConfirmDialog
        open={confirming.value}
        title="Sign out and discard queued changes?"
        confirmLabel="Sign out anyway"
        busyLabel="Signing out…"
        cancelLabel="Stay signed in"
        busy={signingOut.value}
        destructive
        onConfirm={onSignOut}
        onClose={() => (confirming.value = false)}
      >
        <p>
          {waiting === 1 ? "One membership change has" : `${waiting} membership changes have`}{" "}
          not been sent yet. Signing out removes them from this device.
        </p>
      </ConfirmDialog>
    </>
  );
}
