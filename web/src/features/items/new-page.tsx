/** /app/admin/items/new: Add Item. */
import { useLocation } from "wouter";
import { toast } from "../../lib/toast.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { createItem, itemsKey } from "./api.ts";
import { ItemForm } from "./item-form.tsx";

export default function NewItemPage() {
  const [, navigate] = useLocation();
  return (
    <ItemForm
      submitLabel="Add Item"
      onSubmit={async (body) => {
        const item = await createItem(body);
        toast.success("Item Has Been Added");
        await invalidate(itemsKey);
        navigate(`/app/admin/items/${item.id}`);
      }}
    />
  );
}
