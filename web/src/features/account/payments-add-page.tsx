/**
 * /app/account/membership/payments/add (public spec §2, §8): the one card form (components/card-form.tsx). Once the
 * card is stored ('Payment method added successfully' is toasted by the form) the member goes to the
 * `redirect` query parameter when it is a same-site path (e.g. back to /new to pay with it), otherwise back
 * to the cards.
 */
import { Link, useLocation, useSearchParams } from "wouter";
import { safeNext } from "../../lib/safe-next.ts";
import { CardForm } from "../../components/card-form.tsx";
import { PATHS } from "./membership-view.ts";
import "./account.css";

export default function PaymentsAddPage() {
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const back = safeNext(search.get("redirect"), PATHS.payments);
  return (
    <div className="narrow">
      <p>Add a debit or credit card. You can make it your default card afterwards.</p>
      <CardForm
        submitLabel="Save Card"
        onAdded={() => navigate(back)}
        actions={<Link href={back}>Cancel</Link>}
      />
    </div>
  );
}
