import type { Pool } from "./api.ts";

/** What the Downloads tab offers next (issue 24 item 7): every state has one action, or says it needs none. */
export type DownloadsAction = "order" | "pdfs" | "check";

export function downloadsNext(pool: Pool, expected: number): {
  state: string;
  note: string;
  action?: { kind: DownloadsAction; label: string };
} {
  const ready = pool.pdf_ready_candidate_total;
  if (pool.pdf_download_status === "building") {
    return {
      state: "Generating",
      note: "The notices are being made; this screen updates by itself.",
      action: { kind: "check", label: "Check again" },
    };
  }
  if (pool.status === "preordered") {
    return {
      state: "Not started",
      note: "The notices are made once the tests are ordered.",
      action: { kind: "order", label: "Order Tests" },
    };
  }
  if (pool.status === "ordering") {
    return {
      state: "Not started",
      note: "The tests are being ordered; the notices follow. If the order is stuck, send it again.",
      action: { kind: "order", label: "Retry order" },
    };
  }
  if (pool.status !== "built" && pool.status !== "complete") {
    return {
      state: "Not started",
      note: "The notices are made once the pool is built and its tests ordered.",
    };
  }
  if (pool.pdf_download_status === "none" || pool.pdf_download_status === "failed") {
    return {
      state: pool.pdf_download_status === "failed" ? "Failed" : "Not started",
      note: "The notices of the ordered tests have not been made.",
      action: { kind: "pdfs", label: pool.pdf_download_status === "failed" ? "Retry" : "Start" },
    };
  }
  if (ready < expected) {
    return pool.error
      ? {
        state: "Ready",
        note: "Some tests are not ordered yet (each candidate shows why); their notices follow the order.",
        action: { kind: "order", label: "Order Tests again" },
      }
      : {
        state: "Ready",
        note: "Some notices are missing.",
        action: { kind: "pdfs", label: "Make the missing PDFs" },
      };
  }
  return { state: "Ready", note: "Every notice is ready to download." };
}
