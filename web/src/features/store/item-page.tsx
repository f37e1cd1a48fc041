/** /app/store/item/:id (public spec §2): one item, a quantity and Add to cart. */
import { useState } from "react";
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import type { PageProps } from "../../lib/page-props.ts";
import { ApiError } from "../../lib/api.ts";
import { formatMoney } from "../../lib/money.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import { ADDED_MESSAGE, fetchItem, STORE_ITEMS_KEY } from "./api.ts";
import { addToCart } from "./cart.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";
import "./store.css";

export default function ItemPage({ params }: PageProps) {
  const id = params.id ?? "";
  const item = useResource([...STORE_ITEMS_KEY, id], (signal) => fetchItem(id, signal));
  const [quantity, setQuantity] = useState(1);

  if (item.loading) return <Skeleton lines={3} label="Loading the item…" />;
  if (item.error instanceof ApiError && item.error.status === 404) {
    return (
      <Alert variant="warning" title="This item is not for sale">
        <p>
          It may have been removed from the store. <Link href="/app/store">Back to the store</Link>
        </p>
      </Alert>
    );
  }
  if (item.error || !item.data) {
    return <LoadError title="The item could not be loaded" error={item.error} onRetry={item.reload} />;
  }

  const { name, description, cost } = item.data.attributes;
  const itemId = item.data.id;
  return (
    <article className="item-detail">
      <h2>{name}</h2>
      {description && <p>{description}</p>}
      <p className="store-price">
        {formatMoney(cost, { cents: true })} <span className="store-price-unit">each</span>
      </p>
      <QuantityStepper itemName={name} value={quantity} onChange={setQuantity} visibleLabel />
      <div className="form-actions">
        <Button
          onClick={() => {
            addToCart(itemId, quantity);
            toast.success(ADDED_MESSAGE);
          }}
        >
          Add to cart
        </Button>
        <Link href="/app/cart" className="button button-secondary">View cart</Link>
      </div>
      <p>
        <Link href="/app/store">Back to the store</Link>
      </p>
    </article>
  );
}
