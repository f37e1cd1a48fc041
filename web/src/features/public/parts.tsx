/** Small pieces the public pages share: a price from the server, office contact lines, cards, calls to action. */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { OFFICE_HOURS } from "../../lib/contact-info.ts";
import { OfficeEmail, OfficePhone } from "../../components/office-contact.tsx";
import { formatMoney } from "../../lib/money.ts";
import type { Prices } from "@api/contract";
import { usePrices } from "../settings/prices.ts";

/**
 * One price from GET /api/prices, in dollars. While loading it holds its place (and marks the page as still
 * loading for the e2e harness); if the prices cannot be fetched it says where to find them instead.
 */
export function Price({ of }: { of: keyof Prices }) {
  const state = usePrices();
  if (state.status === "loading") {
    // About as wide as a price, so the line does not reflow when it arrives.
    return (
      <span className="price price-loading" data-loading="">
        <span aria-hidden="true">$…</span>
        <span className="visually-hidden">loading the price</span>
      </span>
    );
  }
  if (state.status === "error") return <span className="price">(price on request: please call us)</span>;
  return <span className="price" data-price={of}>{formatMoney(state.prices[of])}</span>;
}

/** The office phone and e-mail as links, with opening hours. */
export function OfficeContact() {
  return (
    <ul className="office-contact">
      <li>
        Phone: <OfficePhone />
      </li>
      <li>
        E-mail: <OfficeEmail />
      </li>
      <li>Hours: {OFFICE_HOURS}</li>
    </ul>
  );
}

export interface CardItem {
  title: string;
  href: string;
  body: ReactNode;
  /** The link's visible text; the card's title when absent. */
  action?: string;
}

/** A grid of cards, each a heading, a sentence or two and one link. */
export function Cards({ items, level = 3 }: { items: CardItem[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <ul className="cards">
      {items.map((item) => (
        <li key={item.href + item.title} className="card">
          <Heading className="card-title">{item.title}</Heading>
          <div className="card-body">{item.body}</div>
          <p className="card-action">
            <Link href={item.href}>
              {item.action ?? item.title}
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The closing band of most pages: register, or talk to us first. */
export function JoinCallToAction({ title = "Ready to get compliant?" }: { title?: string }) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <h2 id="cta-title">{title}</h2>
      <p>
        Membership is <Price of="annual_new_cents" />{" "}
        a year for a new member and covers your random tests. Registration takes about ten minutes.
      </p>
      <p className="cta-actions">
        <Link href="/register" className="button button-primary">Register now</Link>
        <Link href="/contact-us" className="button button-secondary">Ask us a question</Link>
      </p>
    </section>
  );
}

/** "This page is a summary": shown under regulatory explanations. */
export function NotLegalAdvice() {
  return (
    <p className="fine-print">
      This page summarizes 46 CFR Part 16 and 49 CFR Part 40 in plain words. It is not legal advice; the
      regulations themselves are the authority.
    </p>
  );
}
