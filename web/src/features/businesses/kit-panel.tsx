/**
 * The compliance kit on a business's screen (public spec §6, §7; §9: one-time $100): the DER buys it with one
 * of the company's cards (POST /auth/business/{id}/compliance-kit, an Idempotency-Key per attempt), and the
 * Downloads tab lists its documents, real PDFs made with the business's name. A company that cannot buy it
 * (no DER: the server's compliance_kit_blocked, 'ERROR: No DER Attached To Business') says so before any card
 * is asked for.
 */
import { useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Business } from "@api/contract";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CardForm } from "../payments/card-form.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { CardPicker, useCardChoice } from "../payments/pay-with.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import {
  buyComplianceKit,
  downloadKitDocument,
  fetchKitDocuments,
  type KitDocument,
  kitDocumentsKey,
} from "./businesses.ts";
import { attemptKeys } from "../memberships/api.ts";
import { fetchCards } from "../payments/payments.ts";
import { saveFile } from "../../lib/save-file.ts";
import { cardsKey, companyCards } from "../payments/subject.ts";
import { useAction } from "../../lib/use-action.ts";
import { useResource } from "../../lib/use-resource.ts";

/** The owner's offer to buy the kit, paid with a company card (added here if it has none). */
export function KitPurchase({ business }: { business: Business }) {
  const blocked = business.attributes.compliance_kit_blocked;
  if (blocked) {
    return (
      <section aria-labelledby="kit-heading" className="record">
        <h3 id="kit-heading">Business Compliance Kit</h3>
        <Alert variant="error" title={blocked}>
          <p>
            The kit is bought with a company card, held under the company's DER. Ask APCA to attach a DER to
            the company; then the kit can be bought here.
          </p>
        </Alert>
      </section>
    );
  }
  return <KitOffer business={business} />;
}

function KitOffer({ business }: { business: Business }) {
  useSignals();
  const owner = companyCards(business.id);
  const cards = useResource(cardsKey(owner), (signal) => fetchCards(owner, signal));
  const [cardId, setCardId] = useCardChoice(cards.data ?? []);
  const [adding, setAdding] = useState(false);
  const keys = useRef(attemptKeys());
  const buyAction = useAction(async (card: number) => {
    try {
      const message = await buyComplianceKit(business.id, card, keys.current.next());
      keys.current.settled();
      return message;
    } catch (error) {
      keys.current.settled(error);
      throw error;
    }
  }, { success: (message) => message });
  const busy = buyAction.busy;

  async function buy() {
    if (cardId === null) return;
    await buyAction.run(cardId);
  }

  return (
    <section aria-labelledby="kit-heading" className="record">
      <h3 id="kit-heading">Business Compliance Kit</h3>
      <p>
        The written drug and alcohol policy, the forms and the records checklist your company needs under 46
        CFR 16 and 49 CFR 40, made out in your company's name: a one-time purchase.
      </p>
      {cards.error
        ? (
          <LoadError
            title="The company's cards could not be loaded"
            error={cards.error}
            onRetry={cards.reload}
          />
        )
        : !cards.data
        ? <Skeleton lines={2} label="Loading the company's cards…" />
        : adding
        ? (
          <CardForm
            owner={owner}
            submitLabel="Save Card"
            onAdded={(card) => {
              setCardId(card.id);
              setAdding(false);
            }}
            actions={<Button variant="link" onClick={() => setAdding(false)}>Cancel</Button>}
          />
        )
        : (
          <>
            <CardPicker
              cards={cards.data}
              cardId={cardId}
              onChange={(id) => {
                setCardId(id);
                keys.current.reset();
              }}
              addCard={{ label: "Add a company card", onClick: () => setAdding(true) }}
            />
            <Button busy={busy} busyLabel="Processing payment…" disabled={cardId === null} onClick={buy}>
              Buy Compliance Kit
            </Button>
          </>
        )}
    </section>
  );
}

/** The Downloads tab: the kit's documents, each downloaded as its PDF. */
export function KitDownloads({ businessId }: { businessId: number }) {
  const docs = useResource(kitDocumentsKey(businessId), (signal) => fetchKitDocuments(businessId, signal));
  if (docs.error) {
    return <LoadError title="The documents could not be loaded" error={docs.error} onRetry={docs.reload} />;
  }
  if (!docs.data) return <Skeleton label="Loading the documents…" />;
  if (docs.data.length === 0) return <p className="empty-state">No documents yet.</p>;
  return (
    <ul className="record-list" aria-label="Compliance kit documents">
      {docs.data.map((doc) => <DocumentItem key={doc.id} businessId={businessId} doc={doc} />)}
    </ul>
  );
}

function DocumentItem({ businessId, doc }: { businessId: number; doc: KitDocument }) {
  const { busy, run } = useAction(async () => {
    const file = await downloadKitDocument(businessId, doc);
    saveFile(file.blob, file.filename);
  });
  const download = () => run();
  return (
    <li className="record">
      <p className="record-title">{doc.attributes.title}</p>
      <p className="record-facts">{doc.attributes.description}</p>
      <Button variant="secondary" busy={busy} busyLabel="Downloading…" onClick={download}>
        Download PDF<span className="visually-hidden">: {doc.attributes.title}</span>
      </Button>
    </li>
  );
}
