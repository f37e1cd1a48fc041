/**
 * "Your data" (issue 38 item 3, decision 0093): what the portal holds about the signed-in member, put together
 * from the same services that answer each of the member's own screens (so the two cannot disagree), and the
 * same as one zip: data.json and the member's PDFs, streamed one file at a time.
 */
import { testSummary } from "@apca/rules/company-compliance";
import { memberViews } from "../audit/service.ts";
import { ownBusinesses } from "../businesses/lists.ts";
import { issueLetter } from "../compliance/service.ts";
import { myDocumentFile, myDocuments } from "../documents/service.ts";
import { ownTests } from "../drug-tests/lists.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import type { ListMeta } from "../lib/list.ts";
import { type ZipEntry, zipStream } from "../lib/zip.ts";
import { membershipHistory } from "../memberships/record.ts";
import { myOrders } from "../orders/lists.ts";
import { receiptPdf } from "../orders/receipt.ts";
import { listCardRecords } from "../payment-methods/service.ts";
import { profileOf } from "../users/changes.ts";
import type { AccountDataBody } from "./schemas.ts";

type DataDeps = Pick<Deps, "database" | "now" | "config" | "letterKeys">;

const PER_PAGE = 100;

/** Every row of a paged list, newest first, a page at a time. */
async function everyPage<T>(
  load: (params: { page: number; per_page: number; sort_by: string; sort_dir: "desc" }) => Promise<
    { data: T[]; meta: ListMeta }
  >,
  sortBy = "id",
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1;; page++) {
    const { data, meta } = await load({ page, per_page: PER_PAGE, sort_by: sortBy, sort_dir: "desc" });
    rows.push(...data);
    if (data.length < PER_PAGE || rows.length >= meta.total) return rows;
  }
}

/** Everything held about `me`, each part as the member's own endpoint answers it. */
export async function accountData(deps: DataDeps, me: SessionUser): Promise<AccountDataBody> {
  const userId = me.user_id;
  const tests = await everyPage((p) => ownTests(deps, me, p), "date");
  return {
    generated_at: deps.now().toISOString(),
    profile: await profileOf(deps, me),
    memberships: await everyPage((p) => membershipHistory(deps, userId, p)),
    businesses: await ownBusinesses(deps, me),
    tests: tests.map((t) => ({ ...t, attributes: { ...t.attributes, in_words: testSummary(t.attributes) } })),
    orders: await everyPage((p) => myOrders(deps, userId, p)),
    cards: await listCardRecords(deps, userId),
    documents: await everyPage((p) => myDocuments(deps, userId, p)),
    consents: [],
    record_views: await everyPage((p) => memberViews(deps, userId, p)),
  };
}

/** The zip's file name for one of the member's documents. */
export const documentPath = (doc: { id: number; attributes: { filename: string } }) =>
  `documents/${doc.id}-${doc.attributes.filename.replace(/[/\\]/g, "_")}`;

/**
 * The member's data as a zip: data.json (accountData), every document of theirs (the Letter of Compliance of
 * today issued first when their membership earns one, as its own download does), and the receipt of every
 * paid order. Each PDF is read when the zip reaches it and dropped once written.
 */
export async function accountDataZip(deps: DataDeps, me: SessionUser): Promise<ReadableStream<Uint8Array>> {
  try {
    await issueLetter(deps, me.user_id, me.user_id);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "COMPLIANCE_UNAVAILABLE")) throw error;
  }
  const data = await accountData(deps, me);
  const json = new TextEncoder().encode(JSON.stringify({ data }, null, 2));
  const entries: ZipEntry[] = [
    { name: "data.json", bytes: () => Promise.resolve(json) },
    ...data.documents.map((doc) => ({
      name: documentPath(doc),
      bytes: async () => new Uint8Array((await myDocumentFile(deps, me.user_id, doc.id)).bytes),
    })),
    ...data.orders.filter((o) => o.attributes.status === "completed" || o.attributes.status === "cancelled")
      .map((order) => ({
        name: `receipts/receipt-${order.attributes.number}.pdf`,
        bytes: async () => (await receiptPdf(deps, order.id, { ownerId: me.user_id })).pdf,
      })),
  ];
  return zipStream(entries);
}
