/**
 * /app/admin/items/{id}: one item, with Edit and Retire (after a confirmation). An item that was ordered is
 * retired, never deleted; one nobody bought is deleted (decision 0030).
 */
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { DangerZone } from "../../components/danger-zone.tsx";
import { Chip } from "../../components/chip.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchItem, itemKey, itemsKey, retireItem } from "./api.ts";

export default function ItemDetailPage({ params }: PageProps) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const item = useResource(itemKey(id), (signal) => fetchItem(id, signal));
  const [confirm, setConfirm] = useState(false);
  const retireAction = useAction(() => retireItem(id), {
    success: (answer) => answer.message,
    invalidate: [itemsKey],
  });
  if (item.loading && !item.data) return <Skeleton lines={4} label="Loading the item…" />;
  if (item.error || !item.data) {
    return <LoadError title="The item could not be loaded" error={item.error} onRetry={item.reload} />;
  }
  const a = item.data.attributes;

  async function retire() {
    const outcome = await retireAction.run();
    if (!outcome.ok) return;
    setConfirm(false);
    if (!outcome.result.retired) navigate("/app/admin/items");
  }

  return (
    <>
      <dl className="details-list">
        <dt>Name</dt>
        <dd>{a.name}</dd>
        <dt>Description</dt>
        <dd>{a.description ?? "—"}</dd>
        <dt>Cost</dt>
        <dd>{formatMoney(a.cost, { cents: true })}</dd>
        <dt>Status</dt>
        <dd>{a.active ? <Chip tone="success">Active</Chip> : <Chip>Retired</Chip>}</dd>
      </dl>
      <div className="form-actions">
        <Link href={`/app/admin/items/${id}/manage`} className="button button-primary">Edit Item</Link>
      </div>
      <DangerZone>
        {/* An inactive item can still be retired: one nobody ordered is then deleted. */}
        <Button variant="danger" onClick={() => setConfirm(true)}>Retire Item</Button>
      </DangerZone>
      <ConfirmDialog
        open={confirm}
        title="Retire this item?"
        confirmLabel="Retire Item"
        busyLabel="Retiring…"
        busy={retireAction.busy}
        destructive
        onConfirm={retire}
        onClose={() => setConfirm(false)}
      >
        It leaves the store. Orders that bought it keep it; an item nobody ordered is deleted.
      </ConfirmDialog>
    </>
  );
}
