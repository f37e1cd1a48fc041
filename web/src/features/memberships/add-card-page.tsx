/**
 * …/membership/payments/add for any subject (public spec §2, §8; admin spec §2): the one card form
 * (features/payments/card-form.tsx), storing the card on the subject's account. Once it is stored ('Payment method
 * added successfully' is toasted by the form) the page goes to the `redirect` query parameter when it is a
 * same-site path, with the new card chosen there (features/payments/pay-with.tsx), otherwise back to the cards.
 */
import { Link, useLocation, useSearchParams } from "wouter";
import { CardForm } from "../payments/card-form.tsx";
import { addedCardState } from "../payments/pay-with.tsx";
import { safeNext } from "../../lib/safe-next.ts";
import { screenPaths } from "./screens.ts";
import { type Subject } from "../payments/subject.ts";

export default function AddCardPage({ subject }: { subject: Subject }) {
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const back = safeNext(search.get("redirect"), screenPaths(subject).payments);
  return (
    <div className="narrow">
      <p>
        {subject.kind === "self"
          ? "Add a debit or credit card. You can make it your default card afterwards."
          : "Add a debit or credit card for the member. It can be made the default card afterwards."}
      </p>
      <CardForm
        owner={subject}
        submitLabel="Save Card"
        onAdded={(card) => navigate(back, { state: addedCardState(card) })}
        actions={<Link href={back}>Cancel</Link>}
      />
    </div>
  );
}
