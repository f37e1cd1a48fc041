/**
 * A member's consent to release their drug-test results (49 CFR 40.321; decision 0092). The member grants one
 * to a named company (its DER sees) or a named person (by e-mail, once signed in with it), for all their results
 * or those of a date range, until a day; they revoke it at any time. A recipient sees exactly the scope while it
 * runs, and nothing (404) once it is revoked or past its last day (the injected clock's office day). Every view
 * and download by a recipient is an audit row whose subject is the member (entity "user", the member's id), so
 * the member's "who looked at my records" reads them: CONSENT_AUDIT names the actions.
 */
import { audit } from "../lib/audit.ts";
import { receiptSeller } from "../orders/receipt.ts";
import type { Actor, Deps, SessionUser } from "../lib/context.ts";
import { addDays, formatDay, officeDay, startOfDayIn } from "../lib/dates.ts";
import { invalid, notFound } from "../lib/errors.ts";
import { resultsReleased } from "../drug-tests/lists.ts";
import { consentFilename, renderConsentPdf } from "./pdf.ts";
import {
  type ConsentRow,
  emailOf,
  findConsent,
  insertConsent,
  listConsentsOf,
  listConsentsTo,
  liveCompany,
  revokeConsent,
  searchCompanies,
} from "./queries.ts";
import { CONSENT_MESSAGES as M, type ConsentRequest } from "./schemas.ts";
import type { z } from "zod";

/** The audit actions of consents (entity "user", entity id the member): decision 0092. */
export const CONSENT_AUDIT = {
  granted: "consent.granted",
  revoked: "consent.revoked",
  /** A recipient viewed the member's results under a consent. */
  resultsViewed: "consent.results_viewed",
  /** A recipient downloaded the consent's PDF. */
  pdfDownloaded: "consent.pdf_downloaded",
} as const;

type ConsentDeps = Pick<Deps, "database" | "now" | "config">;

const today = (deps: Pick<Deps, "now" | "config">) => officeDay(deps.now(), deps.config.officeTimeZone);

export function scopeWords(c: Pick<ConsentRow, "results_from" | "results_to">): string {
  return c.results_from && c.results_to
    ? `Test results dated ${formatDay(c.results_from)} to ${formatDay(c.results_to)}`
    : "All test results";
}

function statusOf(c: ConsentRow, day: string): "active" | "revoked" | "expired" {
  return c.revoked_at ? "revoked" : c.expires_on < day ? "expired" : "active";
}

function view(c: ConsentRow, day: string) {
  return {
    id: c.id,
    member_name: c.member_name,
    recipient: {
      business_id: c.recipient_business_id,
      email: c.recipient_email,
      name: c.business_name ?? c.recipient_email ?? "",
    },
    results_from: c.results_from,
    results_to: c.results_to,
    scope: scopeWords(c),
    expires_on: c.expires_on,
    signature: c.signature,
    signed_on: c.signed_on,
    created_at: new Date(c.created_at).toISOString(),
    revoked_at: c.revoked_at ? new Date(c.revoked_at).toISOString() : null,
    status: statusOf(c, day),
  };
}

/** The member's own consents, newest first, each with its status today. */
export async function consentsOf(deps: ConsentDeps, member: SessionUser) {
  const day = today(deps);
  return (await listConsentsOf(deps.database.db, member.user_id)).map((c) => view(c, day));
}

/** Companies a member may name, by a part of their name. */
export async function companyChoices(deps: Pick<Deps, "database">, term: string) {
  return (await searchCompanies(deps.database.db, term)).map((b) => ({
    id: b.id,
    name: b.name,
    place: [b.city, b.state].filter(Boolean).join(", "),
  }));
}

/** The member signs a consent (audited, the member its subject). */
export async function grantConsent(deps: ConsentDeps, actor: Actor, body: z.infer<typeof ConsentRequest>) {
  const { db } = deps.database;
  const day = today(deps);
  const member = actor.user.user_id;
  if (body.signed_on !== day) throw invalid("signed_on", M.signedOn);
  if (body.expires_on < day) throw invalid("expires_on", M.expires);
  if (body.recipient_business_id != null && !await liveCompany(db, body.recipient_business_id)) {
    throw invalid("recipient_business_id", M.company);
  }
  if (body.recipient_email != null && body.recipient_email === await emailOf(db, member)) {
    throw invalid("recipient_email", M.self);
  }
  const id = await db.transaction().execute(async (tx) => {
    const id = await insertConsent(tx, {
      user_id: member,
      recipient_business_id: body.recipient_business_id ?? null,
      recipient_email: body.recipient_email ?? null,
      results_from: body.results_from ?? null,
      results_to: body.results_to ?? null,
      expires_on: body.expires_on,
      signature: body.signature,
      signed_on: body.signed_on,
      created_at: deps.now(),
    });
    await audit(tx, {
      actor: member,
      action: CONSENT_AUDIT.granted,
      entity: "user",
      entityId: member,
      ip: actor.ip,
      detail: {
        consent_id: id,
        recipient_business_id: body.recipient_business_id ?? null,
        recipient_email: body.recipient_email ?? null,
        results_from: body.results_from ?? null,
        results_to: body.results_to ?? null,
        expires_on: body.expires_on,
      },
    });
    return id;
  });
  return view((await findConsent(db, id))!, day);
}

/** The member revokes their consent; revoking one already revoked answers it as it is. 404: not theirs. */
export async function withdrawConsent(deps: ConsentDeps, actor: Actor, id: number) {
  const { db } = deps.database;
  const member = actor.user.user_id;
  const found = await findConsent(db, id);
  if (!found || found.user_id !== member) throw notFound("Consent");
  await db.transaction().execute(async (tx) => {
    if (!await revokeConsent(tx, id, member, deps.now())) return;
    await audit(tx, {
      actor: member,
      action: CONSENT_AUDIT.revoked,
      entity: "user",
      entityId: member,
      ip: actor.ip,
      detail: { consent_id: id },
    });
  });
  return view((await findConsent(db, id))!, today(deps));
}

/** The consents that name the caller and still run today. */
export async function consentsTo(deps: ConsentDeps, viewer: SessionUser) {
  const day = today(deps);
  return (await listConsentsTo(deps.database.db, viewer.user_id, day)).map((c) => view(c, day));
}

/** A consent naming the caller that runs today, or 404 (none, revoked, expired, or not theirs). */
async function runningConsentTo(deps: ConsentDeps, viewer: SessionUser, id: number) {
  const found = (await listConsentsTo(deps.database.db, viewer.user_id, today(deps))).find((c) =>
    c.id === id
  );
  if (!found) throw notFound("Consent");
  return found;
}

/** The member's results a consent releases, to its recipient; audited with the member as subject. */
export async function resultsUnderConsent(deps: ConsentDeps, actor: Actor, id: number) {
  const consent = await runningConsentTo(deps, actor.user, id);
  const zone = deps.config.officeTimeZone;
  const range = consent.results_from && consent.results_to
    ? {
      from: startOfDayIn(consent.results_from, zone),
      to: startOfDayIn(addDays(consent.results_to, 1), zone),
    }
    : null;
  const results = await resultsReleased(deps, consent.user_id, range);
  await audit(deps.database.db, {
    actor: actor.user.user_id,
    action: CONSENT_AUDIT.resultsViewed,
    entity: "user",
    entityId: consent.user_id,
    ip: actor.ip,
    detail: {
      consent_id: consent.id,
      recipient_business_id: consent.recipient_business_id,
      recipient_email: consent.recipient_email,
      results: results.length,
    },
  });
  return { consent: view(consent, today(deps)), results };
}

/**
 * The consent's PDF: for its member at any time (revoked and expired ones say so), for its recipient while it
 * runs (audited, the member its subject). Anyone else: 404.
 */
export async function consentPdf(deps: ConsentDeps, actor: Actor, id: number) {
  const { db } = deps.database;
  const own = await findConsent(db, id);
  const mine = own !== null && own.user_id === actor.user.user_id;
  const consent = mine ? own : await runningConsentTo(deps, actor.user, id);
  if (!mine) {
    await audit(db, {
      actor: actor.user.user_id,
      action: CONSENT_AUDIT.pdfDownloaded,
      entity: "user",
      entityId: consent.user_id,
      ip: actor.ip,
      detail: { consent_id: consent.id },
    });
  }
  const status = statusOf(consent, today(deps));
  const bytes = await renderConsentPdf({
    id: consent.id,
    member: { name: consent.member_name, email: consent.member_email, memberNumber: consent.member_number },
    recipient: consent.business_name ?? consent.recipient_email ?? "",
    scope: scopeWords(consent),
    expiresOn: formatDay(consent.expires_on),
    signature: consent.signature,
    signedOn: formatDay(consent.signed_on),
    createdAt: new Date(consent.created_at),
    ended: status === "revoked"
      ? `Revoked on ${formatDay(officeDay(new Date(consent.revoked_at!), deps.config.officeTimeZone))}`
      : status === "expired"
      ? `Expired after ${formatDay(consent.expires_on)}`
      : null,
    seller: receiptSeller(deps.config),
  });
  return { bytes, filename: consentFilename(consent.id) };
}
