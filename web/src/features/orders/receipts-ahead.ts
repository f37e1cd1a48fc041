/**
 * Receipts kept on the device ahead of need (decision 0063, issue 37): online, the receipts of the newest paid
 * orders of a list (the member's own, or a company's for its DER) are fetched once and kept, so the list and
 * its receipts open offline. A receipt states a payment only, never a test.
 */
import { useEffect, useState } from "react";
import type { UserOrderSummary } from "@api/contract";
import { savedReceipt, saveReceipt } from "../../offline/cache.ts";

/** At most this many receipts of a list are kept on the device (the newest). */
const KEPT_RECEIPTS = 20;

export const hasReceipt = (o: UserOrderSummary) =>
  o.attributes.status === "completed" || o.attributes.status === "cancelled";

/** Answers the ids of the list's receipts kept on the device (so the offline screen says which ones open). */
export function useReceiptsSavedAhead(
  list: UserOrderSummary[] | undefined,
  online: boolean,
  fetchReceipt: (orderId: number) => Promise<{ blob: Blob; filename: string }>,
): Set<number> {
  const [saved, setSaved] = useState<Set<number>>(new Set());
  const ids = (list ?? []).filter(hasReceipt).slice(0, KEPT_RECEIPTS).map((o) => o.id);
  useEffect(() => {
    let live = true;
    (async () => {
      const kept = new Set<number>();
      for (const id of ids) {
        if (await savedReceipt(id)) {
          kept.add(id);
          continue;
        }
        if (!online) continue;
        const file = await fetchReceipt(id).catch(() => null);
        if (file) {
          await saveReceipt(id, file.blob, file.filename);
          kept.add(id);
        }
      }
      if (live) setSaved(kept);
    })();
    return () => {
      live = false;
    };
  }, [ids.join(","), online]);
  return saved;
}

/**
 * Opens a receipt: offline, the copy kept on the device; online, the server's (kept for next time). Throws the
 * words to show when it was never kept.
 */
export async function openReceipt(
  orderId: number,
  offline: boolean,
  fetchReceipt: (orderId: number) => Promise<{ blob: Blob; filename: string }>,
  save: (blob: Blob, filename: string) => void,
): Promise<void> {
  const kept = offline ? await savedReceipt(orderId) : null;
  if (kept) return save(kept.blob, kept.filename);
  if (offline) throw new Error("This receipt was not saved on this device. Open it once with a connection.");
  const file = await fetchReceipt(orderId);
  save(file.blob, file.filename);
  await saveReceipt(orderId, file.blob, file.filename);
}
