/**
 * Before pausing (issue 25 item 2, decision 0071): whether this pause would reach the pause warning's
 * threshold (125 paused days within 185, both settings) and what follows, from the server's `pause_outlook`,
 * which counts as the after-the-fact warning does (api/src/memberships/pause-warning.ts).
 */
import type { PauseOutlook } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { formatDay } from "../../lib/dates.ts";

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export function PauseOutlookNotice({ outlook, own }: { outlook: PauseOutlook; own: boolean }) {
  const you = own ? "you" : "this member";
  const your = own ? "Your" : "This";
  const already = outlook.paused_days > 0
    ? `${your} membership has been paused ${days(outlook.paused_days)} of the last ${outlook.window_days}. `
    : "";
  if (outlook.days_to_reach <= 1) {
    return (
      <Alert variant="warning" title="This pause reaches the limit at once">
        <p>
          {already}Pausing today makes {outlook.warning_days} paused days within{" "}
          {outlook.window_days}: an extra drug test will be required before {you}{" "}
          return to the random testing program (46 CFR 16.210(b)(2)).
        </p>
      </Alert>
    );
  }
  const soon = outlook.days_to_reach <= 30;
  return (
    <Alert variant={soon ? "warning" : "info"} title="Before you pause">
      <p>
        {already}If this pause lasts {days(outlook.days_to_reach)} (still paused on{" "}
        <strong>{formatDay(outlook.reached_on)}</strong>), {you} will reach {outlook.warning_days}{" "}
        paused days within{" "}
        {outlook.window_days}, and an extra drug test will then be required before returning to the random
        testing program (46 CFR 16.210(b)(2)). Resuming before that day avoids it.
      </p>
    </Alert>
  );
}
