/** The administrator's /app: the overview analytics beside the notification center (admin spec §2). */
import { NotificationCenter } from "./notification-center.tsx";

export function AdminView() {
  return (
    <div className="admin-dashboard">
      {/* The overview tiles and charts (web/src/components/overview-tiles.tsx, issue 14) go here at merge. */}
      <section aria-label="Overview" className="admin-overview" />
      <NotificationCenter />
    </div>
  );
}
