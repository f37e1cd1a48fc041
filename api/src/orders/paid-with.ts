/**
 * How an order was paid, in the words the receipt, its e-mail and the order lists share: "Visa ending 4242",
 * or the manual medium and its day.
 */
/** A card brand as people write it ("visa" is Visa). */
export function brandName(brand: string | null): string {
  if (!brand) return "Card";
  const known: Record<string, string> = {
    amex: "American Express",
    american_express: "American Express",
    diners: "Diners Club",
    discover: "Discover",
    jcb: "JCB",
    mastercard: "Mastercard",
    unionpay: "UnionPay",
    visa: "Visa",
  };
  return known[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** How it was paid, as the receipt and the order history say it ("Visa ending 4242"). */
export function paidWith(order: {
  payment_type: "card" | "manual";
  payment_medium: string | null;
  payment_date: string | null;
  card_brand: string | null;
  card_last4: string | null;
}) {
  if (order.payment_type === "manual") {
    return `${order.payment_medium ?? "Manual payment"}${
      order.payment_date ? ` on ${order.payment_date}` : ""
    }`;
  }
  if (order.card_last4) return `${brandName(order.card_brand)} ending ${order.card_last4}`;
  return "Card";
}
