import { Suspense, useEffect } from "react";
import { useSearchParams } from "wouter";
import { effect } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { lazyScreen } from "../../components/lazy-screen.tsx";
import { Loading } from "../../components/loading.tsx";
import { type Role, role, session } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { MemberView } from "./member-view.tsx";
import "./dashboard.css";

// A member's view comes with the page (members are most of the app's visits, on phones); a DER's and an
// administrator's (the notification center) are chunks of their own, whose download starts as soon as the
// session names the role, before the page draws (components/lazy-screen.tsx).
const DerView = lazyScreen(() => import("./der-view.tsx").then((m) => ({ default: m.DerView })));
const AdminView = lazyScreen(() => import("./admin-view.tsx").then((m) => ({ default: m.AdminView })));
effect(() => {
  if (role.value === "der") void DerView.preload();
  if (role.value === "admin") void AdminView.preload();
});

/** Who the dashboard is for, in the welcome line (the page's one heading is the route's: 'Dashboard'). */
const SIGNED_IN_AS: Record<Role, string> = {
  admin: "an administrator",
  der: "a DER (your company's designated employer representative)",
  member: "a member",
};

/** /app: the admin, DER or member view by role. ?toastError=… shows an error toast, ?finished=1 a banner. */
export default function DashboardPage() {
  useSignals();
  const [search, setSearch] = useSearchParams();
  const toastError = search.get("toastError");
  const view = role.value ?? "member";

  useEffect(() => {
    if (!toastError) return;
    toast.error(toastError);
    // Drop the parameter so a reload or Back does not raise the same error again.
    setSearch((previous) => {
      previous.delete("toastError");
      return previous;
    }, { replace: true });
  }, [toastError]);

  return (
    <div className="dashboard">
      {search.get("finished") === "1" && (
        <Alert variant="success" title="Registration complete">
          Your APCA account is ready. Welcome aboard!
        </Alert>
      )}
      <p className="dashboard-welcome">
        Welcome, {session.value?.full_name}. You are signed in as {SIGNED_IN_AS[view]}.
      </p>
      {view === "member" && <MemberView />}
      <Suspense fallback={<Loading />}>
        {view === "der" && <DerView />}
        {view === "admin" && <AdminView />}
      </Suspense>
    </div>
  );
}
