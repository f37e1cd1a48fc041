import { formatInstantDay } from "../../lib/dates.ts";
import type { DrugTest } from "@api/contract";
import { OUTCOME_TONES, REASON_LABELS, STATUS_LABELS, testOutcome } from "./drug-tests.ts";
import { Chip } from "../../components/chip.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";

/**
 * Drug tests as a table: date, reason, status and the result in words ("Passed", "Refusal", "Cancelled"…).
 * Summaries only, never the laboratory panel (49 CFR 40.321).
 */
export function DrugTestTable({ tests, caption }: { tests: DrugTest[]; caption: string }) {
  return (
    <TableScroll label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Reason</th>
            <th scope="col">Status</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {tests.map(({ id, attributes }) => {
            const outcome = testOutcome(attributes);
            return (
              <tr key={id}>
                <td>{formatInstantDay(attributes.date)}</td>
                <td>{REASON_LABELS[attributes.reason] ?? attributes.reason}</td>
                <td>{STATUS_LABELS[attributes.status] ?? attributes.status}</td>
                <td>
                  <Chip tone={OUTCOME_TONES[outcome]}>{outcome}</Chip>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
