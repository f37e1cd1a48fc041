/**
 * "Automatic renewal" on the member's own membership screen (where a start lands): it renews on <date> for
 * <amount> to the card on file, and how to cancel, with a link (issue 25 item 1; words in renewal-terms.ts).
 */
import { Link } from "wouter";
import type { Membership } from "@api/contract";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchCards, spokenCardName } from "../payments/payments.ts";
import { usePrices } from "../settings/prices.ts";
import { Panel } from "./membership-parts.tsx";
import { renewalTermsWords, renewsOn } from "./renewal-terms.ts";

export function RenewalTerms(
  { membership, subject, cancelPath }: { membership: Membership; subject: Subject; cancelPath: string },
) {
  const prices = usePrices();
  const cards = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  const expireAt = renewsOn(membership.attributes);
  if (!expireAt) return null;
  const onFile = cards.data?.find((c) => c.attributes.default);
  // Offline or still loading, the card is not known: the words name it by its role only.
  const card = cards.data === undefined ? undefined : onFile ? spokenCardName(onFile) : null;
  const words = renewalTermsWords({
    expireAt,
    amountCents: prices.status === "ready" ? prices.prices.annual_renewal_cents : null,
    card,
  });
  return (
    <Panel id="renewal-terms" title="Automatic renewal">
      <p>{words.renews}</p>
      <p>
        {words.beforeLink}
        <Link href={cancelPath}>the cancellation page</Link>
        {words.afterLink}
      </p>
    </Panel>
  );
}
