/**
 * The random pools' background work on the durable job queue (background.ts): build (snapshot and draw),
 * pre-order, order, PDFs, and the progress check that pulls results and completes pools. Each handler is
 * idempotent (see service.ts), so the queue's retries and a crashed process's re-run are safe.
 */
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { runPdfs } from "./pdfs.ts";
import { QUEUES, runBuild, runOrder, runPreorder, runProgress } from "./service.ts";

const poolOf = (payload: Record<string, unknown>) => Number(payload.pool_id);

export const randomJobs: Record<string, JobHandler<Deps>> = {
  [QUEUES.build]: (payload, { deps }) => runBuild(deps, poolOf(payload)),
  [QUEUES.preorder]: (payload, { deps }) => runPreorder(deps, poolOf(payload)),
  [QUEUES.order]: (payload, { deps }) => runOrder(deps, poolOf(payload)),
  [QUEUES.pdfs]: (payload, { deps }) => runPdfs(deps, poolOf(payload)),
  [QUEUES.progress]: (_payload, { deps }) => runProgress(deps),
};

export { QUEUES };
