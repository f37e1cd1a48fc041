/**
 * …/membership/details for any subject (public spec §2, §4; admin spec §2 "Admin membership details",
 * "Membership history table"): the membership card with the actions its state flags allow, the pause
 * warning, the cards and the history, newest first, ten to a page (the page is in the address, ?page=2).
 * An administrator also gets 'Update Membership Details' (when the membership exists, has not failed and is
 * not cancelled), a Payment Methods card listing the member's cards without controls, and the history's
 * Failed and Cancelled chips beside the type, and a History tab beside the memberships: the audit record of the
 * current membership (who changed it, when, from where, before → after; issue 24 item 6, decision 0069).
 */
import { Link } from "wouter";
import { Alert } from "../../components/alert.tsx";
import { Chip } from "../../components/chip.tsx";
import { MembershipActions, MembershipFacts, Panel, WithMembership } from "./membership-parts.tsx";
import { PauseWarningNotice } from "./pause-warning-notice.tsx";
import { RenewalTerms } from "./renewal-terms.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { cardExpiry, cardName, fetchCards } from "../payments/payments.ts";
import { formatDay, formatInstantDay } from "../../lib/dates.ts";
import type { MembershipHistoryRow } from "@api/contract";
import { fetchHistory, HISTORY_PER_PAGE, historyKey } from "./api.ts";
import { historyChips, membershipWords, TYPE_LABELS } from "./membership-view.ts";
import { cardsKey, type Subject } from "../payments/subject.ts";
import { screenPaths } from "./screens.ts";
import { useResource } from "../../lib/use-resource.ts";
import { OfflineNotice } from "../../offline/offline-ui.tsx";
import { useMembership, useSubjectResource } from "./use-membership.ts";
import { TableScroll } from "../../components/table-scroll.tsx";
import { Tabs } from "../../components/tabs.tsx";
import { History } from "../audit/audit-table.tsx";
import { RefundPanel } from "./refund-panel.tsx";

export default function MembershipDetailsPage({ subject }: { subject: Subject }) {
  const membership = useMembership(subject);
  const words = membershipWords(subject);
  const paths = screenPaths(subject);
  const admin = subject.kind === "user";
  const company = subject.kind === "employee";
  return (
    <>
      <WithMembership membership={membership} words={words}>
        {(m) => (
          <>
            {m?.attributes.pause_warning && <PauseWarningNotice warning={m.attributes.pause_warning} />}
            {subject.kind !== "self" && m?.attributes.account_deletion_at && (
              <Alert variant="warning" title="Account to be deleted">
                The member's account will be deleted on {formatInstantDay(m.attributes.account_deletion_at)}
                {" "}
                unless they add their own payment information.
              </Alert>
            )}
            <Panel id="membership-card" title={words.cardTitle}>
              {m ? <MembershipFacts membership={m} own={!admin} /> : <p>{words.noMembership}</p>}
              <MembershipActions membership={m} paths={paths} />
              {admin && m?.attributes.can_update && (
                <p>
                  <Link href={paths.update} className="button button-secondary">
                    Update Membership Details
                  </Link>
                </p>
              )}
            </Panel>
            {subject.kind === "self" && m && (
              // The renewal terms, where a start lands (issue 25 item 1): when, how much, which card, how to stop.
              <RenewalTerms membership={m} subject={subject} cancelPath={paths.cancel} />
            )}
          </>
        )}
      </WithMembership>
      {subject.kind === "user" && membership.data && <RefundPanel userId={subject.userId} />}
      {admin ? <MemberCards subject={subject} /> : (
        <Panel id="payment-methods" title="Payment methods">
          <p>
            {company
              ? "The company's cards pay for its employees' memberships."
              : "Your default card pays for renewals."}{" "}
            <Link href={paths.payments}>Manage payment methods</Link>
          </p>
        </Panel>
      )}
      {admin
        ? (
          <Tabs
            label="Membership records"
            tabs={[
              {
                id: "memberships",
                label: "Memberships",
                render: () => <MembershipHistory subject={subject} />,
              },
              {
                id: "history",
                label: "History",
                render: () =>
                  membership.data
                    ? (
                      <History
                        entity="membership"
                        entityId={membership.data.id}
                        title="History of this membership"
                      />
                    )
                    : <p className="empty-state">{words.noMembership}</p>,
              },
            ]}
          />
        )
        : <MembershipHistory subject={subject} />}
    </>
  );
}

/** The administrators' Payment Methods card: the member's cards, without controls (admin spec §2). */
function MemberCards({ subject }: { subject: Subject }) {
  const cards = useResource(cardsKey(subject), (signal) => fetchCards(subject, signal));
  return (
    <Panel id="payment-methods" title="Payment Methods">
      {cards.loading && !cards.data
        ? <Skeleton lines={2} label="Loading the member's cards…" />
        : cards.error
        ? <p>The member's cards could not be loaded.</p>
        : cards.data?.length
        ? (
          <ul className="card-list">
            {cards.data.map((card) => (
              <li key={card.id} className="card-item">
                <p className="card-name">
                  <span>{cardName(card)}</span>
                  {card.attributes.default && <Chip tone="success">Default</Chip>}
                </p>
                <p className="card-expiry">Expires {cardExpiry(card)}</p>
              </li>
            ))}
          </ul>
        )
        : <p className="empty-state">No saved cards</p>}
      <p>
        <Link href={screenPaths(subject).payments}>Manage Payment Methods</Link>
      </p>
    </Panel>
  );
}

function MembershipHistory({ subject }: { subject: Subject }) {
  const [page, goTo] = usePageParam();
  const words = membershipWords(subject);
  const key = historyKey(subject, page, HISTORY_PER_PAGE);
  const history = useSubjectResource(subject, key, (signal) => fetchHistory(subject, page, signal));

  return (
    <Panel id="membership-history" title="Membership history">
      <OfflineNotice savedAt={history.savedAt} />
      <PagedList
        list={history}
        page={page}
        onPage={goTo}
        labels={{
          loading: words.historyLoading,
          error: words.historyError,
          empty: "No memberships yet",
          pages: "Membership history pages",
        }}
      >
        {(rows) => (
          <HistoryTable
            rows={rows}
            caption={words.historyCaption}
            admin={subject.kind === "user"}
          />
        )}
      </PagedList>
    </Panel>
  );
}

/**
 * The member's table has a Status column; the administrators' is the specification's Created, Expiration
 * Date, Type, with the Failed and Cancelled chips beside the type.
 */
function HistoryTable(
  { rows, caption, admin }: { rows: MembershipHistoryRow[]; caption: string; admin: boolean },
) {
  // Focusable, so a keyboard can scroll it on a phone where it is wider than the screen (axe
  // scrollable-region-focusable).
  return (
    // Not the caption ("Your memberships…" also answers to the card named "Your membership"), nor the panel's title.
    <TableScroll label="Memberships, newest first">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Expiration Date</th>
            <th scope="col">Type</th>
            {!admin && <th scope="col">Status</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, attributes: row }) => {
            const chips = admin
              ? historyChips(row).filter((chip) => chip.label === "Failed" || chip.label === "Cancelled")
              : historyChips(row);
            const chipList = chips.map((chip) => <Chip key={chip.label} tone={chip.tone}>{chip.label}</Chip>);
            return (
              <tr key={id}>
                <td>{formatInstantDay(row.created_at)}</td>
                <td>{row.expire_at ? formatDay(row.expire_at) : "No expiration"}</td>
                {admin
                  ? (
                    <td className="chips">
                      <span>{TYPE_LABELS[row.type]}</span>
                      {chipList}
                    </td>
                  )
                  : (
                    <>
                      <td>{TYPE_LABELS[row.type]}</td>
                      <td className="chips">{chipList}</td>
                    </>
                  )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
