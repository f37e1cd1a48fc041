/** /app/store (public spec §2): the items for sale, each with its price and Add to cart. */
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoney } from "../../lib/money.ts";
import { toast } from "../../lib/toast.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { StoreItem } from "@api/contract";
import { ADDED_MESSAGE, fetchItems, STORE_ITEMS_KEY } from "./api.ts";
import { addToCart } from "./cart.ts";
import "./store.css";

export default function StorePage() {
  const items = useResource(STORE_ITEMS_KEY, fetchItems);

  if (items.loading && !items.data) return <Skeleton lines={4} label="Loading the store…" />;
  if (items.error) {
    return <LoadError title="The store could not be loaded" error={items.error} onRetry={items.reload} />;
  }
  if (!items.data?.length) {
    return <p className="empty-state">There is nothing for sale right now. Please check back later.</p>;
  }
  return (
    <>
      <p>
        Extra services and supplies for your program. Prices are per item; you pay at checkout with a saved
        card.
      </p>
      <ul className="store-grid">
        {items.data.map((item) => <ItemCard key={item.id} item={item} />)}
      </ul>
    </>
  );
}

function ItemCard({ item }: { item: StoreItem }) {
  const { name, description, cost } = item.attributes;
  return (
    <li className="store-card">
      <h2 className="store-card-title">
        <Link href={`/app/store/item/${item.id}`}>{name}</Link>
      </h2>
      {description && <p className="store-card-description">{description}</p>}
      <p className="store-price">{formatMoney(cost, { cents: true })}</p>
      <Button
        variant="secondary"
        aria-label={`Add to cart: ${name}`}
        onClick={() => {
          addToCart(item.id);
          toast.success(ADDED_MESSAGE);
        }}
      >
        Add to cart
      </Button>
    </li>
  );
}
