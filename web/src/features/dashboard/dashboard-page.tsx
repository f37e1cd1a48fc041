import { useEffect } from "react";
import { useSearchParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../../components/alert.tsx";
import { type Role, role, session } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";

// What each role's dashboard will hold; until those issues land, say so plainly.
const VIEWS: Record<Role, { heading: string; comingLater: string }> = {
  admin: {
    heading: "Administrator dashboard",
    comingLater: "The notification center and the overview analytics are not built yet.",
  },
  der: {
    heading: "DER dashboard",
    comingLater: "Your company's program, employees, vessels and tests are not built yet.",
  },
  member: {
    heading: "Member dashboard",
    comingLater: "Your membership, tests and Letter of Compliance are not built yet.",
  },
};

/** /app: the admin, DER or member view by role. ?toastError=… shows an error toast, ?finished=1 a banner. */
export default function DashboardPage() {
  useSignals();
  const [search, setSearch] = useSearchParams();
  const toastError = search.get("toastError");
  const view = VIEWS[role.value ?? "member"];

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
    <section aria-labelledby="dashboard-view">
      {search.get("finished") === "1" && (
        <Alert variant="success" title="Registration complete">
          Your APCA account is ready. Welcome aboard!
        </Alert>
      )}
      <h2 id="dashboard-view">{view.heading}</h2>
      <p>Welcome, {session.value?.full_name}.</p>
      <p className="not-built">{view.comingLater}</p>
    </section>
  );
}
