/**
 * The DER's in-app task (decision 0087): while the company's roster request waits or is overdue, a notice asks
 * "Is your crew list still right?" and links to the one-tap confirmation. Nothing when confirmed or never asked.
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { formatDay } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchRosterTask, rosterKey } from "./api.ts";

export function RosterNotice({ businessId }: { businessId: number }) {
  const task = useResource(rosterKey(businessId), (signal) => fetchRosterTask(businessId, signal));
  const a = task.data?.attributes;
  if (!a || a.status === "confirmed") return null;
  return (
    <Alert variant="warning" title="Is your crew list still right?">
      <p>
        {a.status === "overdue"
          ? `APCA asked ${a.business_name} to confirm its crew list by ${formatDay(a.due_on)}; it is overdue.`
          : `Please confirm ${a.business_name}'s crew list by ${formatDay(a.due_on)}.`}{" "}
        <Link href={`/app/member/businesses/${businessId}/roster`}>Check and confirm the crew list</Link>
      </p>
    </Alert>
  );
}
