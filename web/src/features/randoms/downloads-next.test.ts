import assert from "node:assert/strict";
import type { Pool } from "./api.ts";
import { downloadsNext } from "./downloads-next.ts";

const pool = (p: Partial<Pool>) =>
  ({
    status: "built",
    pdf_download_status: "Ready",
    pdf_ready_candidate_total: 1,
    error: null,
    ...p,
  }) as Pool;

Deno.test("every Downloads state offers its next action (issue 24 item 7)", () => {
  const cases: [Partial<Pool>, number, string, string | undefined][] = [
    [
      { status: "preordered", pdf_download_status: "none", pdf_ready_candidate_total: 0 },
      1,
      "Not started",
      "order",
    ],
    [
      { status: "ordering", pdf_download_status: "none", pdf_ready_candidate_total: 0 },
      1,
      "Not started",
      "order",
    ],
    [{ pdf_download_status: "none", pdf_ready_candidate_total: 0 }, 1, "Not started", "pdfs"],
    [{ pdf_download_status: "failed", pdf_ready_candidate_total: 0 }, 1, "Failed", "pdfs"],
    [{ pdf_download_status: "building", pdf_ready_candidate_total: 0 }, 1, "Generating", "check"],
    [{ pdf_ready_candidate_total: 0 }, 1, "Ready", "pdfs"],
    [
      { pdf_ready_candidate_total: 0, error: "1 selected member(s) cannot be ordered yet" },
      1,
      "Ready",
      "order",
    ],
    [{}, 1, "Ready", undefined],
    [{ status: "complete" }, 1, "Ready", undefined],
  ];
  for (const [p, expected, state, action] of cases) {
    const next = downloadsNext(pool(p), expected);
    assert.deepStrictEqual([next.state, next.action?.kind], [state, action], JSON.stringify(p));
  }
  assert.equal(
    downloadsNext(pool({ status: "preordered", pdf_download_status: "none" }), 1).action?.label,
    "Order Tests",
  );
  assert.equal(downloadsNext(pool({ pdf_download_status: "none" }), 1).action?.label, "Start");
  assert.equal(downloadsNext(pool({ pdf_download_status: "failed" }), 1).action?.label, "Retry");
});
