/** The administrator's /app: the overview analytics beside the notification center (admin spec §2). */
import { Link } from "wouter";
import { OverviewTiles } from "../../components/overview-tiles.tsx";
import { NotificationCenter } from "./notification-center.tsx";

export function AdminView() {
  return (
    <div className="admin-dashboard">
      <section aria-labelledby="admin-overview-heading" className="admin-overview">
        <h2 id="admin-overview-heading">Overview</h2>
        <OverviewTiles />
        <p>
          <Link href="/app/admin/analytics">Charts and the MIS report on the Analytics page</Link>
        </p>
      </section>
      <NotificationCenter />
    </div>
  );
}
