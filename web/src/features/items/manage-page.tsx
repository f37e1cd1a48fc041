/** /app/admin/items/{id}/manage: Edit Item. */
import { useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { toast } from "../../lib/toast.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { fetchItem, itemKey, itemsKey, updateItem } from "./api.ts";
import { ItemForm } from "./item-form.tsx";

export default function ManageItemPage({ params }: PageProps) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const item = useResource(itemKey(id), (signal) => fetchItem(id, signal));
  if (item.loading && !item.data) return <Skeleton lines={4} label="Loading the item…" />;
  if (item.error || !item.data) {
    return <LoadError title="The item could not be loaded" error={item.error} onRetry={item.reload} />;
  }
  return (
    <ItemForm
      item={item.data}
      submitLabel="Save Item"
      onSubmit={async (body) => {
        await updateItem(id, body);
        toast.success("Item Has Been Updated");
        await invalidate(itemsKey);
        navigate(`/app/admin/items/${id}`);
      }}
    />
  );
}
