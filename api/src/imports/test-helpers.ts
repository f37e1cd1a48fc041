/** The import tests' steps through the API: upload a file, run the dry run and the apply as jobs, read rows. */
import type { TestContext } from "../testing/app.ts";
import { assertEquals } from "../testing/assert.ts";
import { createJobRunner } from "../lib/jobs.ts";
import { APPLY_QUEUE, applyImport, CHECK_QUEUE, checkImport, CLAIM_QUEUE, sendClaims } from "./jobs.ts";

const HANDLERS = { [CHECK_QUEUE]: checkImport, [APPLY_QUEUE]: applyImport, [CLAIM_QUEUE]: sendClaims };

export async function upload(
  ctx: TestContext,
  kind: string,
  bytes: Uint8Array | string,
  name = "legacy.csv",
) {
  const h = new Headers({
    Authorization: `Bearer ${await ctx.tokenFor("admin")}`,
    "Content-Type": "text/csv",
  });
  return await ctx.app.request(`/api/auth/imports?kind=${kind}&file_name=${name}`, {
    method: "POST",
    headers: h,
    body: typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes.slice(),
  });
}

export async function drain(ctx: TestContext) {
  const runner = createJobRunner(ctx.deps, HANDLERS, {});
  while (await runner.tick() > 0) { /* next job */ }
}

export async function batch(ctx: TestContext, id: number) {
  const res = await ctx.request("admin", "GET", `/api/auth/import/${id}`);
  assertEquals(res.status, 200);
  return (await res.json()).data.attributes;
}

/** The batch's first 100 rows (`query`: more of the query string, e.g. `&outcome=error`). */
export async function rows(ctx: TestContext, id: number, query = "") {
  const res = await ctx.request("admin", "GET", `/api/auth/import/${id}/rows?per_page=100${query}`);
  assertEquals(res.status, 200);
  return (await res.json()).data as {
    row_number: number;
    outcome: string;
    reason: string | null;
    warnings: string[];
    cells: string[];
  }[];
}

/** Uploads, maps (suggested or given), runs the dry run; answers the batch id. */
export async function dryRun(
  ctx: TestContext,
  kind: string,
  text: string | Uint8Array,
  options: { mapping?: Record<string, number>; date_format?: string } = {},
) {
  const res = await upload(ctx, kind, text);
  const body = await res.json();
  assertEquals(res.status, 201, JSON.stringify(body));
  const id = body.data.id as number;
  const check = await ctx.request("admin", "POST", `/api/auth/import/${id}/check`, {
    mapping: options.mapping ?? body.suggested_mapping,
    date_format: options.date_format ?? "YYYY-MM-DD",
  });
  assertEquals(check.status, 200, await check.clone().text());
  await drain(ctx);
  return { id, upload: body };
}

export async function apply(ctx: TestContext, id: number) {
  const res = await ctx.request("admin", "POST", `/api/auth/import/${id}/apply`);
  assertEquals(res.status, 200, await res.clone().text());
  await drain(ctx);
  return await batch(ctx, id);
}
