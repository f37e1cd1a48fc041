/**
 * The import's verdict on a chunk of rows and the writes that carry it out (decision 0084). The dry run and
 * the apply call the same `decide`: the apply decides again against the database as it is then, so a dry run
 * made before someone else's change never writes a stale plan. Writes go through the owning domains'
 * functions (users/imported.ts, businesses/imported.ts, drug-tests/imported.ts).
 */
import type { Kysely } from "kysely";
import type { DB, ImportKind, ImportOutcome, JsonObject } from "../db/types.ts";
import { insertImportedUser, updateImportedUser } from "../users/imported.ts";
import {
  insertImportedBusiness,
  insertImportedLink,
  updateImportedBusiness,
} from "../businesses/imported.ts";
import { insertImportedTest, updateImportedTest } from "../drug-tests/imported.ts";
import { insertImportedMembership, updateImportedMembership } from "../memberships/imported.ts";
import { insertImportedOrder, updateImportedOrder } from "../orders/imported.ts";
import {
  activeLinks,
  businessesByEin,
  membershipsOf,
  testsByRef,
  usersByEmail,
  usersByMemberNumber,
} from "./queries.ts";
import { decideStoreOrders } from "./store-orders/kind.ts";

type Values = Record<string, string | number | null>;

export interface ChunkRow {
  number: number;
  data: Values;
  key: string;
}

export interface Written {
  target_id: number;
  extra: JsonObject | null;
  before: JsonObject | null;
}

export interface Verdict {
  outcome: ImportOutcome;
  reason: string | null;
  write?: (trx: Kysely<DB>) => Promise<Written>;
}

/** Keys seen earlier in the same file (the dry run), to name a row that repeats one. */
export type Seen = Map<string, number>;

const PROFILE = [
  "first_name",
  "middle_name",
  "last_name",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "uscg_cred",
  "ssn_last4",
  "member_number",
] as const;
const COMPANY = [
  "name",
  "dba_name",
  "email",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
] as const;

const digits = (ein: unknown) => typeof ein === "string" ? ein.replace("-", "") : null;
const noon = (day: string) => `${day}T12:00:00.000Z`;
const dayOf = (d: Date | string | null) => d === null ? null : new Date(d).toISOString().slice(0, 10);

/** The fields of `data` (among `names`) whose value differs from `current`'s; `before` holds the old values. */
export function differences(data: Values, current: Record<string, unknown>, names: readonly string[]) {
  const change: Values = {}, before: JsonObject = {};
  for (const n of names) {
    if (!(n in data)) continue;
    const now = current[n] ?? null;
    if (now !== data[n]) {
      change[n] = data[n];
      before[n] = now;
    }
  }
  return { change, before, changed: Object.keys(change).length > 0 };
}

export const error = (reason: string): Verdict => ({ outcome: "error", reason });

export function repeated(seen: Seen | null, what: string, value: string, row: number): Verdict | null {
  if (!seen) return null;
  const key = `${what}\u0000${value}`;
  const first = seen.get(key);
  if (first !== undefined) return error(`${what}: ${value} appears twice in this file (row ${first})`);
  seen.set(key, row);
  return null;
}

export async function decide(
  db: Kysely<DB>,
  kind: ImportKind,
  rows: ChunkRow[],
  seen: Seen | null,
): Promise<Verdict[]> {
  if (kind === "members") return await decideMembers(db, rows, seen);
  if (kind === "companies") return await decideCompanies(db, rows, seen);
  if (kind === "drug_tests") return await decideTests(db, rows, seen);
  if (kind === "store_orders") return await decideStoreOrders(db, rows, seen);
  return await decideMemberships(db, rows, seen);
}

/** The live users with these e-mails, by lower-cased e-mail. */
async function usersKeyedByEmail(db: Kysely<DB>, emails: string[]) {
  return new Map((await usersByEmail(db, emails)).map((u) => [u.email.toLowerCase(), u]));
}

/** The companies the rows name in `column` (an EIN), by its digits. */
async function companiesNamedIn(db: Kysely<DB>, rows: ChunkRow[], column: string) {
  const eins = rows.map((r) => digits(r.data[column])).filter((e): e is string => e !== null);
  return new Map((await businessesByEin(db, eins)).map((b) => [b.ein, b]));
}

async function decideMembers(db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null): Promise<Verdict[]> {
  const users = await usersKeyedByEmail(db, rows.map((r) => r.key));
  const numbers = rows.map((r) => r.data.member_number).filter((n): n is string => typeof n === "string");
  const byNumber = new Map((await usersByMemberNumber(db, numbers)).map((u) => [u.member_number!, u]));
  const companies = await companiesNamedIn(db, rows, "employer_ein");
  const links = await activeLinks(db, [...users.values()].map((u) => u.id));
  return rows.map((r): Verdict => {
    const dup = repeated(seen, "email", r.key, r.number) ??
      (typeof r.data.member_number === "string"
        ? repeated(seen, "member_number", r.data.member_number, r.number)
        : null);
    if (dup) return dup;
    const existing = users.get(r.key);
    const number = r.data.member_number;
    if (typeof number === "string") {
      const holder = byNumber.get(number);
      if (holder && holder.email.toLowerCase() !== r.key) {
        return error(`member_number: ${number} belongs to another member`);
      }
    }
    const ein = digits(r.data.employer_ein);
    const employer = ein ? companies.get(ein) : undefined;
    if (ein && !employer) return error(`employer_ein: no company with EIN ${r.data.employer_ein}`);
    const needsLink = employer !== undefined &&
      !links.some((l) => l.user_id === existing?.id && l.business_id === employer.id);
    const link = async (trx: Kysely<DB>, userId: number) =>
      employer && needsLink
        ? await insertImportedLink(trx, { business_id: employer.id, user_id: userId, is_employee: true })
        : null;
    if (!existing) {
      return {
        outcome: "create",
        reason: null,
        write: async (trx) => {
          const values: Values = {};
          for (const n of PROFILE) if (n in r.data) values[n] = r.data[n];
          const id = await insertImportedUser(trx, {
            ...values,
            email: r.key,
            first_name: String(r.data.first_name),
            last_name: String(r.data.last_name),
          });
          return { target_id: id, extra: { link_id: await link(trx, id) }, before: null };
        },
      };
    }
    const { change, before, changed } = differences(r.data, existing, PROFILE);
    if (!changed && !needsLink) return { outcome: "unchanged", reason: null };
    return {
      outcome: "update",
      reason: null,
      write: async (trx) => {
        await updateImportedUser(trx, existing.id, change);
        return { target_id: existing.id, extra: { link_id: await link(trx, existing.id) }, before };
      },
    };
  });
}

async function decideCompanies(db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null): Promise<Verdict[]> {
  const companies = new Map((await businessesByEin(db, rows.map((r) => r.key))).map((b) => [b.ein, b]));
  const derEmails = rows.map((r) => r.data.der_email).filter((e): e is string => typeof e === "string");
  const users = await usersKeyedByEmail(db, derEmails);
  const links = await activeLinks(db, [...users.values()].map((u) => u.id));
  const derNumbers = new Map(
    (await usersByMemberNumber(
      db,
      rows.map((r) => r.data.der_member_number).filter((n): n is string => typeof n === "string"),
    )).map((u) => [u.member_number!, u]),
  );
  return rows.map((r): Verdict => {
    const dup = repeated(seen, "ein", String(r.data.ein), r.number);
    if (dup) return dup;
    const existing = companies.get(r.key);
    const derEmail = typeof r.data.der_email === "string" ? r.data.der_email : null;
    const der = derEmail ? users.get(derEmail) : undefined;
    if (derEmail && !der && (!r.data.der_first_name || !r.data.der_last_name)) {
      return error(
        `der_first_name: required with der_last_name for a new DER (${derEmail} is not in the portal)`,
      );
    }
    // A new DER keeps the member number the file gives (an export of ours carries it), so the members file
    // that follows finds the number on its own holder; an existing DER's number changes only in that file.
    const derNumber = typeof r.data.der_member_number === "string" ? r.data.der_member_number : null;
    if (derEmail && !der && derNumber) {
      const holder = derNumbers.get(derNumber);
      if (holder && holder.email.toLowerCase() !== derEmail) {
        return error(`der_member_number: ${derNumber} belongs to another member`);
      }
    }
    const values: Values = {};
    for (const n of COMPANY) if (n in r.data) values[n] = r.data[n];
    values.tax_id = String(r.data.ein);
    /** The DER's user (made when new), flagged DER and linked as owner; what was made goes in `extra`. */
    const attachDer = async (trx: Kysely<DB>, businessId: number, extra: JsonObject) => {
      if (!derEmail) return null;
      let id = der?.id;
      if (id === undefined) {
        id = await insertImportedUser(trx, {
          email: derEmail,
          first_name: String(r.data.der_first_name),
          last_name: String(r.data.der_last_name),
          is_der: true,
          ...(derNumber ? { member_number: derNumber } : {}),
        });
        extra.der_created = id;
      } else if (!der!.is_der) {
        await updateImportedUser(trx, id, { is_der: true });
        extra.der_flagged = id;
      }
      if (!links.some((l) => l.user_id === id && l.business_id === businessId)) {
        extra.link_id = await insertImportedLink(trx, {
          business_id: businessId,
          user_id: id,
          is_owner: true,
          is_employee: false,
        });
      }
      return id;
    };
    if (!existing) {
      return {
        outcome: "create",
        reason: null,
        write: async (trx) => {
          const extra: JsonObject = {};
          const id = await insertImportedBusiness(trx, { ...values, name: String(values.name) });
          const derId = await attachDer(trx, id, extra);
          if (derId !== null) await updateImportedBusiness(trx, id, { der_user_id: derId });
          return { target_id: id, extra, before: null };
        },
      };
    }
    const { change, before, changed } = differences(values, existing, [...COMPANY, "tax_id"]);
    const derChanges = derEmail !== null && der?.id !== existing.der_user_id;
    if (!changed && !derChanges) return { outcome: "unchanged", reason: null };
    return {
      outcome: "update",
      reason: null,
      write: async (trx) => {
        const extra: JsonObject = {};
        if (derChanges) {
          before.der_user_id = existing.der_user_id;
          change.der_user_id = await attachDer(trx, existing.id, extra);
        }
        await updateImportedBusiness(trx, existing.id, change);
        return { target_id: existing.id, extra, before };
      },
    };
  });
}

async function decideTests(db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null): Promise<Verdict[]> {
  const tests = new Map((await testsByRef(db, rows.map((r) => r.key))).map((t) => [t.i3_order_ref!, t]));
  const users = await usersKeyedByEmail(db, rows.map((r) => String(r.data.member_email)));
  const companies = await companiesNamedIn(db, rows, "employer_ein");
  return rows.map((r): Verdict => {
    const dup = repeated(seen, "i3_reference", r.key, r.number);
    if (dup) return dup;
    const member = users.get(String(r.data.member_email));
    if (!member) return error(`member_email: no member with the e-mail ${r.data.member_email}`);
    const ein = digits(r.data.employer_ein);
    const employer = ein ? companies.get(ein) : undefined;
    if (ein && !employer) return error(`employer_ein: no company with EIN ${r.data.employer_ein}`);
    const collected = String(r.data.collected_on);
    const resulted = typeof r.data.resulted_on === "string" ? r.data.resulted_on : collected;
    const values = {
      user_id: member.id,
      reason: String(r.data.reason),
      result: String(r.data.result),
      collected_on: collected,
      resulted_on: resulted,
      ...("employer_ein" in r.data ? { business_id: employer?.id ?? null } : {}),
    };
    const row = (v: Record<string, unknown>) => ({
      ...("user_id" in v ? { user_id: v.user_id as number } : {}),
      ...("business_id" in v ? { business_id: v.business_id as number | null } : {}),
      ...("reason" in v ? { reason: v.reason as "random" } : {}),
      ...("result" in v ? { result: v.result as "negative" } : {}),
      ...("collected_on" in v ? { collected_at: noon(String(v.collected_on)) } : {}),
      ...("resulted_on" in v ? { resulted_at: noon(String(v.resulted_on)) } : {}),
    });
    const existing = tests.get(r.key);
    if (!existing) {
      return {
        outcome: "create",
        reason: null,
        write: async (trx) => ({
          target_id: await insertImportedTest(trx, {
            ...row(values),
            user_id: member.id,
            reason: values.reason as "random",
            status: "resulted",
            ordered_at: noon(collected),
            i3_order_ref: r.key,
          }),
          extra: null,
          before: null,
        }),
      };
    }
    const current = {
      user_id: existing.user_id,
      business_id: existing.business_id,
      reason: existing.reason,
      result: existing.result,
      collected_on: dayOf(existing.collected_at),
      resulted_on: dayOf(existing.resulted_at),
    };
    const compared = "resulted_on" in r.data ? values : { ...values, resulted_on: current.resulted_on };
    const { change, before, changed } = differences(compared, current, Object.keys(compared));
    if (!changed) return { outcome: "unchanged", reason: null };
    return {
      outcome: "update",
      reason: null,
      write: async (trx) => {
        await updateImportedTest(trx, existing.id, row(change));
        return { target_id: existing.id, extra: null, before: row(before) as JsonObject };
      },
    };
  });
}

async function decideMemberships(db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null): Promise<Verdict[]> {
  const users = await usersKeyedByEmail(db, rows.map((r) => String(r.data.member_email)));
  const companies = await companiesNamedIn(db, rows, "paid_by_ein");
  const terms = await membershipsOf(db, [...users.values()].map((u) => u.id));
  return rows.map((r): Verdict => {
    const dup = repeated(seen, "membership", r.key, r.number);
    if (dup) return dup;
    const member = users.get(String(r.data.member_email));
    if (!member) return error(`member_email: no member with the e-mail ${r.data.member_email}`);
    const ein = digits(r.data.paid_by_ein);
    const payer = ein ? companies.get(ein) : undefined;
    if (ein && !payer) return error(`paid_by_ein: no company with EIN ${r.data.paid_by_ein}`);
    const type = r.data.type as "annual" | "one_time";
    const startsOn = String(r.data.starts_on);
    const endsOn = "ends_on" in r.data ? (r.data.ends_on as string | null) : undefined;
    const paidOn = "paid_on" in r.data ? (r.data.paid_on as string | null) : undefined;
    const amount = Number(r.data.amount);
    const businessId = "paid_by_ein" in r.data ? payer?.id ?? null : undefined;
    const order = (day: string) => ({
      kind: "membership" as const,
      user_id: member.id,
      business_id: businessId ?? null,
      total_cents: amount,
      status: "completed" as const,
      payment_type: "manual" as const,
      payment_medium: "Check Received" as const,
      manual_charge_date: day,
      completed_at: noon(day),
      receipt_sent_at: noon(day),
    });
    const existing = terms.find((t) =>
      t.user_id === member.id && t.type === type && dayOf(t.starts_at) === startsOn
    );
    if (!existing) {
      return {
        outcome: "create",
        reason: null,
        write: async (trx) => {
          const orderId = paidOn ? await insertImportedOrder(trx, order(paidOn)) : null;
          const id = await insertImportedMembership(trx, {
            user_id: member.id,
            business_id: businessId ?? null,
            type,
            starts_at: noon(startsOn),
            created_at: noon(startsOn),
            expire_at: endsOn ?? null,
            has_expiration: (endsOn ?? null) !== null,
            autorenew: false,
            price_cents: amount,
            order_id: orderId,
            order_test: false,
          });
          return { target_id: id, extra: { order_id: orderId }, before: null };
        },
      };
    }
    const current = {
      expire_at: existing.expire_at,
      price_cents: existing.price_cents,
      business_id: existing.business_id,
      paid_on: existing.manual_charge_date,
    };
    const wanted: Values = { price_cents: amount };
    if (endsOn !== undefined) wanted.expire_at = endsOn;
    if (businessId !== undefined) wanted.business_id = businessId;
    if (paidOn !== undefined && paidOn !== null) wanted.paid_on = paidOn;
    const { change, before, changed } = differences(wanted, current, Object.keys(wanted));
    if (!changed) return { outcome: "unchanged", reason: null };
    return {
      outcome: "update",
      reason: null,
      write: async (trx) => {
        const { paid_on: newPaidOn, ...termChange } = change;
        const { paid_on: oldPaidOn, ...termBefore } = before;
        const extra: JsonObject = {};
        const term: Record<string, unknown> = { ...termChange };
        const old: Record<string, unknown> = { ...termBefore };
        if ("expire_at" in term) {
          term.has_expiration = term.expire_at !== null;
          old.has_expiration = old.expire_at !== null;
        }
        if (newPaidOn !== undefined) {
          if (existing.order_id) {
            await updateImportedOrder(trx, existing.order_id, {
              manual_charge_date: String(newPaidOn),
              completed_at: noon(String(newPaidOn)),
            });
            extra.order_paid_before = oldPaidOn ?? null;
            extra.order_id_updated = existing.order_id;
          } else {
            term.order_id = await insertImportedOrder(trx, order(String(newPaidOn)));
            old.order_id = null;
            extra.order_id = term.order_id as number;
          }
        }
        await updateImportedMembership(trx, existing.id, term);
        return { target_id: existing.id, extra, before: old };
      },
    };
  });
}
