/**
 * The pause warning (public and admin spec §9): 125 or more paused days within 185 mean an extra drug test.
 * One text for the dashboard and the account screens.
 */
import type { PauseWarning } from "@api/contract";
import { OfficePhone } from "../../components/office-contact.tsx";
import { formatDay } from "../../lib/dates.ts";
import { Alert } from "../../components/alert.tsx";

export function PauseWarningNotice({ warning }: { warning: PauseWarning }) {
  return (
    <Alert variant="warning" title="An extra drug test is required">
      <p>
        Your membership has been paused for {warning.paused_days} of the last {warning.window_days}{" "}
        days. An extra drug test has been required since{" "}
        <strong>{formatDay(warning.extra_test_due)}</strong>. Call us at <OfficePhone /> to arrange it.
      </p>
    </Alert>
  );
}
