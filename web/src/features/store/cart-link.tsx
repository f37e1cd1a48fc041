/** The header's link to the cart with how many things are in it ("Cart, 3 items" to assistive technology). */
import { Link, useRoute } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { cartCount } from "./cart.ts";
import "./store.css";

export function CartLink() {
  useSignals();
  const [active] = useRoute("/app/cart");
  const count = cartCount.value;
  return (
    <Link
      href="/app/cart"
      aria-current={active ? "page" : undefined}
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
      className="cart-link"
    >
      Cart <span className="cart-count" aria-hidden="true">{count}</span>
    </Link>
  );
}
