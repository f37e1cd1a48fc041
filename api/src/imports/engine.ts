/**
 * The import's verdict on a chunk of rows and the writes that carry it out (decisions 0084, 0089). The dry run
 * and the apply call the same `decide`: the apply decides again against the database as it is then, so a dry
 * run made before someone else's change never writes a stale plan. Each kind is one `KindEngine`: `decide`
 * looks the chunk's keys up in a few queries and answers a verdict per row with the plan of its writes; `write`
 * carries out the plans of a whole chunk set-based (one statement per table and shape of row, ids reserved
 * first), through the owning domains' functions (users/imported.ts, businesses/imported.ts, ...).
 */
import type { Kysely } from "kysely";
import type { DB, ImportKind, ImportOutcome, JsonObject } from "../db/types.ts";
import { insertImportedUsers, updateImportedUsers } from "../users/imported.ts";
import {
  insertImportedBusinesses,
  insertImportedLinks,
  updateImportedBusinesses,
} from "../businesses/imported.ts";
import { insertImportedTests, updateImportedTests } from "../drug-tests/imported.ts";
import { insertImportedMemberships, updateImportedMemberships } from "../memberships/imported.ts";
import { insertImportedOrders, updateImportedOrders } from "../orders/imported.ts";
import {
  activeLinks,
  businessesByEin,
  membershipsOf,
  stagedKeys,
  stagedMemberNumbers,
  testsByRef,
  usersByEmail,
  usersByMemberNumber,
} from "./queries.ts";
import { decideStoreOrders } from "./store-orders/kind.ts";

type Values = Record<string, string | number | boolean | null>;

export interface ChunkRow {
  number: number;
  data: Record<string, string | number | null>;
  key: string;
}

export interface Written {
  target_id: number;
  extra: JsonObject | null;
  before: JsonObject | null;
}

/** A row's verdict; a `create` or `update` carries the plan its kind's `write` carries out. */
export interface Verdict<P = unknown> {
  outcome: ImportOutcome;
  reason: string | null;
  plan?: P;
}

/**
 * Keys seen earlier in the same file (the dry run), to name a row that repeats one: `name\0value` → the first
 * row. Filled per chunk from the rows already staged (`seenBefore`), so it never holds the whole file's keys.
 */
export type Seen = Map<string, number>;

/** One kind of import: the verdicts of a chunk, and the chunk's writes (one `Written` per plan, in order). */
export interface KindEngine<P> {
  /** The natural key's name in the messages ("email: … appears twice in this file"). */
  keyName: string;
  /** Other keys that must be unique in the file, looked up among the rows already staged. */
  otherKeys?(db: Kysely<DB>, batchId: number, rows: ChunkRow[]): Promise<[string, number][]>;
  decide(db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null): Promise<Verdict<P>[]>;
  write(trx: Kysely<DB>, plans: P[]): Promise<Written[]>;
}

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
      before[n] = now as JsonObject[string];
    }
  }
  return { change, before, changed: Object.keys(change).length > 0 };
}

export const error = (reason: string): Verdict<never> => ({ outcome: "error", reason });
const unchanged: Verdict<never> = { outcome: "unchanged", reason: null };
const plan = <P>(outcome: "create" | "update", p: P): Verdict<P> => ({ outcome, reason: null, plan: p });

export function repeated(
  seen: Seen | null,
  what: string,
  value: string,
  row: number,
  shown = value,
): Verdict<never> | null {
  if (!seen) return null;
  const key = `${what}\u0000${value}`;
  const first = seen.get(key);
  if (first !== undefined) return error(`${what}: ${shown} appears twice in this file (row ${first})`);
  seen.set(key, row);
  return null;
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

/** Answers `made[i]` for the items that `need` it, made in one call with their inputs, in order. */
async function madeFor<T, R>(
  items: T[],
  need: (item: T) => boolean,
  make: (picked: T[]) => Promise<R[]>,
): Promise<Map<T, R>> {
  const picked = items.filter(need);
  const made = await make(picked);
  return new Map(picked.map((item, i) => [item, made[i]]));
}

// ---- members: key email; a new person or their profile's mapped fields, and the employer link ----

interface MemberPlan {
  /** The person updated; null: a new one. */
  id: number | null;
  /** A new person's values, or an existing one's changed fields. */
  values: Values;
  before: JsonObject | null;
  /** The company to link the person to as an employee (not linked yet). */
  employerId: number | null;
}

const members: KindEngine<MemberPlan> = {
  keyName: "email",
  async otherKeys(db, batchId, rows) {
    const numbers = rows.map((r) => r.data.member_number).filter((n): n is string => typeof n === "string");
    return (await stagedMemberNumbers(db, batchId, numbers)).map((
      s,
    ) => [`member_number\u0000${s.key}`, s.row_number]);
  },
  async decide(db, rows, seen) {
    const users = await usersKeyedByEmail(db, rows.map((r) => r.key));
    const numbers = rows.map((r) => r.data.member_number).filter((n): n is string => typeof n === "string");
    const byNumber = new Map((await usersByMemberNumber(db, numbers)).map((u) => [u.member_number!, u]));
    const companies = await companiesNamedIn(db, rows, "employer_ein");
    const links = await activeLinks(db, [...users.values()].map((u) => u.id));
    return rows.map((r): Verdict<MemberPlan> => {
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
      const employerId = employer && needsLink ? employer.id : null;
      if (!existing) {
        const values: Values = {};
        for (const n of PROFILE) if (n in r.data) values[n] = r.data[n];
        values.email = r.key;
        values.first_name = String(r.data.first_name);
        values.last_name = String(r.data.last_name);
        return plan("create", { id: null, values, before: null, employerId });
      }
      const { change, before, changed } = differences(r.data, existing, PROFILE);
      if (!changed && !needsLink) return unchanged;
      return plan("update", { id: existing.id, values: change, before, employerId });
    });
  },
  async write(trx, plans) {
    const made = await madeFor(
      plans,
      (p) => p.id === null,
      (news) =>
        insertImportedUsers(
          trx,
          news.map((p) => ({ ...p.values, first_name: String(p.values.first_name) }) as never),
        ),
    );
    await updateImportedUsers(
      trx,
      plans.filter((p) => p.id !== null).map((p) => ({ id: p.id!, change: p.values as never })),
    );
    const userId = (p: MemberPlan) => p.id ?? made.get(p)!;
    const links = await madeFor(plans, (p) => p.employerId !== null, (linking) =>
      insertImportedLinks(
        trx,
        linking.map((p) => ({ business_id: p.employerId!, user_id: userId(p), is_employee: true })),
      ));
    return plans.map((p) => ({
      target_id: userId(p),
      extra: { link_id: links.get(p) ?? null },
      before: p.before,
    }));
  },
};

// ---- companies: key EIN; the company, and its DER (made when new, flagged DER, linked as owner) ----

interface CompanyPlan {
  id: number | null;
  values: Values;
  before: JsonObject | null;
  /** The DER to attach: an existing user (`id`) or a new one; null leaves the DER as it is. */
  der: {
    email: string;
    id: number | null;
    flag: boolean;
    first_name: string;
    last_name: string;
    member_number: string | null;
    link: boolean;
  } | null;
}

const companies: KindEngine<CompanyPlan> = {
  keyName: "ein",
  async decide(db, rows, seen) {
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
    return rows.map((r): Verdict<CompanyPlan> => {
      const dup = repeated(seen, "ein", r.key, r.number, String(r.data.ein));
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
      const attach = (businessId: number | null): CompanyPlan["der"] =>
        derEmail === null ? null : {
          email: derEmail,
          id: der?.id ?? null,
          flag: der !== undefined && !der.is_der,
          first_name: String(r.data.der_first_name),
          last_name: String(r.data.der_last_name),
          member_number: derNumber,
          link: !der || !links.some((l) => l.user_id === der.id && l.business_id === businessId),
        };
      if (!existing) return plan("create", { id: null, values, before: null, der: attach(null) });
      const { change, before, changed } = differences(values, existing, [...COMPANY, "tax_id"]);
      const derChanges = derEmail !== null && der?.id !== existing.der_user_id;
      if (!changed && !derChanges) return unchanged;
      if (derChanges) before.der_user_id = existing.der_user_id;
      return plan("update", {
        id: existing.id,
        values: change,
        before,
        der: derChanges ? attach(existing.id) : null,
      });
    });
  },
  async write(trx, plans) {
    const extras = new Map(plans.map((p) => [p, {} as JsonObject]));
    // New DERs: one person per e-mail even when two companies of the chunk name the same new DER.
    const firstNew = new Map<string, CompanyPlan>();
    for (const p of plans) {
      if (p.der && p.der.id === null && !firstNew.has(p.der.email)) firstNew.set(p.der.email, p);
    }
    const created = await madeFor([...firstNew.values()], () => true, (news) =>
      insertImportedUsers(
        trx,
        news.map((p) => ({
          email: p.der!.email,
          first_name: p.der!.first_name,
          last_name: p.der!.last_name,
          is_der: true,
          ...(p.der!.member_number ? { member_number: p.der!.member_number } : {}),
        })),
      ));
    for (const [p, id] of created) extras.get(p)!.der_created = id;
    const derId = (p: CompanyPlan) => p.der!.id ?? created.get(firstNew.get(p.der!.email)!)!;
    const flagged = new Map<number, CompanyPlan>();
    for (const p of plans) if (p.der?.flag && !flagged.has(p.der.id!)) flagged.set(p.der.id!, p);
    await updateImportedUsers(trx, [...flagged.keys()].map((id) => ({ id, change: { is_der: true } })));
    for (const [id, p] of flagged) extras.get(p)!.der_flagged = id;
    const made = await madeFor(plans, (p) => p.id === null, (news) =>
      insertImportedBusinesses(
        trx,
        news.map((p) =>
          ({
            ...p.values,
            name: String(p.values.name),
            ...(p.der ? { der_user_id: derId(p) } : {}),
          }) as never
        ),
      ));
    await updateImportedBusinesses(
      trx,
      plans.filter((p) => p.id !== null).map((p) => ({
        id: p.id!,
        change: { ...p.values, ...(p.der ? { der_user_id: derId(p) } : {}) } as never,
      })),
    );
    const businessId = (p: CompanyPlan) => p.id ?? made.get(p)!;
    const links = await madeFor(plans, (p) => p.der?.link === true, (linking) =>
      insertImportedLinks(
        trx,
        linking.map((p) => ({
          business_id: businessId(p),
          user_id: derId(p),
          is_owner: true,
          is_employee: false,
        })),
      ));
    for (const [p, id] of links) extras.get(p)!.link_id = id;
    return plans.map((p) => ({ target_id: businessId(p), extra: extras.get(p)!, before: p.before }));
  },
};

// ---- drug_tests: key i3 reference; a resulted test of a known member ----

interface TestPlan {
  id: number | null;
  /** A new test's row, or an existing one's changed columns. */
  values: Values;
  before: JsonObject | null;
}

/** The `drug_tests` columns of the import's values (the days at noon UTC). */
const testRow = (v: Record<string, unknown>): Values => ({
  ...("user_id" in v ? { user_id: v.user_id as number } : {}),
  ...("business_id" in v ? { business_id: v.business_id as number | null } : {}),
  ...("reason" in v ? { reason: v.reason as string } : {}),
  ...("result" in v ? { result: v.result as string } : {}),
  ...("collected_on" in v ? { collected_at: noon(String(v.collected_on)) } : {}),
  ...("resulted_on" in v ? { resulted_at: noon(String(v.resulted_on)) } : {}),
});

const drugTests: KindEngine<TestPlan> = {
  keyName: "i3_reference",
  async decide(db, rows, seen) {
    const tests = new Map((await testsByRef(db, rows.map((r) => r.key))).map((t) => [t.i3_order_ref!, t]));
    const users = await usersKeyedByEmail(db, rows.map((r) => String(r.data.member_email)));
    const companies = await companiesNamedIn(db, rows, "employer_ein");
    return rows.map((r): Verdict<TestPlan> => {
      const dup = repeated(seen, "i3_reference", r.key, r.number);
      if (dup) return dup;
      const member = users.get(String(r.data.member_email));
      if (!member) return error(`member_email: no member with the e-mail ${r.data.member_email}`);
      const ein = digits(r.data.employer_ein);
      const employer = ein ? companies.get(ein) : undefined;
      if (ein && !employer) return error(`employer_ein: no company with EIN ${r.data.employer_ein}`);
      const collected = String(r.data.collected_on);
      const resulted = typeof r.data.resulted_on === "string" ? r.data.resulted_on : collected;
      const values: Values = {
        user_id: member.id,
        reason: String(r.data.reason),
        result: String(r.data.result),
        collected_on: collected,
        resulted_on: resulted,
        ...("employer_ein" in r.data ? { business_id: employer?.id ?? null } : {}),
      };
      const existing = tests.get(r.key);
      if (!existing) {
        return plan("create", {
          id: null,
          values: {
            ...testRow(values),
            status: "resulted",
            ordered_at: noon(collected),
            i3_order_ref: r.key,
          },
          before: null,
        });
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
      if (!changed) return unchanged;
      return plan("update", {
        id: existing.id,
        values: testRow(change),
        before: testRow(before) as JsonObject,
      });
    });
  },
  async write(trx, plans) {
    const made = await madeFor(
      plans,
      (p) => p.id === null,
      (news) => insertImportedTests(trx, news.map((p) => p.values as never)),
    );
    await updateImportedTests(
      trx,
      plans.filter((p) => p.id !== null).map((p) => ({ id: p.id!, change: p.values as never })),
    );
    return plans.map((p) => ({ target_id: p.id ?? made.get(p)!, extra: null, before: p.before }));
  },
};

// ---- memberships: key e-mail + type + start; a term (autorenew off) and its manual payment ----

interface MembershipPlan {
  id: number | null;
  /** A new term's row (without its order), or an existing one's changed columns. */
  values: Values;
  before: JsonObject | null;
  extra: JsonObject;
  /** A completed manual order to make and link to the term. */
  order: Values | null;
  /** The term's existing order, its payment day changed. */
  orderChange: { id: number; change: Values } | null;
}

const memberships: KindEngine<MembershipPlan> = {
  keyName: "membership",
  async decide(db, rows, seen) {
    const users = await usersKeyedByEmail(db, rows.map((r) => String(r.data.member_email)));
    const companies = await companiesNamedIn(db, rows, "paid_by_ein");
    const terms = await membershipsOf(db, [...users.values()].map((u) => u.id));
    return rows.map((r): Verdict<MembershipPlan> => {
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
      const order = (day: string): Values => ({
        kind: "membership",
        user_id: member.id,
        business_id: businessId ?? null,
        total_cents: amount,
        status: "completed",
        payment_type: "manual",
        payment_medium: "Check Received",
        manual_charge_date: day,
        completed_at: noon(day),
        receipt_sent_at: noon(day),
      });
      const existing = terms.find((t) =>
        t.user_id === member.id && t.type === type && dayOf(t.starts_at) === startsOn
      );
      if (!existing) {
        return plan("create", {
          id: null,
          values: {
            user_id: member.id,
            business_id: businessId ?? null,
            type,
            starts_at: noon(startsOn),
            created_at: noon(startsOn),
            expire_at: endsOn ?? null,
            has_expiration: (endsOn ?? null) !== null,
            autorenew: false,
            price_cents: amount,
            order_test: false,
          },
          before: null,
          extra: {},
          order: paidOn ? order(paidOn) : null,
          orderChange: null,
        });
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
      if (!changed) return unchanged;
      const { paid_on: newPaidOn, ...term } = change;
      const { paid_on: oldPaidOn, ...old } = before;
      const extra: JsonObject = {};
      if ("expire_at" in term) {
        term.has_expiration = term.expire_at !== null;
        old.has_expiration = old.expire_at !== null;
      }
      let newOrder: Values | null = null, orderChange: MembershipPlan["orderChange"] = null;
      if (newPaidOn !== undefined) {
        const day = String(newPaidOn);
        if (existing.order_id) {
          orderChange = {
            id: existing.order_id,
            change: { manual_charge_date: day, completed_at: noon(day) },
          };
          extra.order_paid_before = oldPaidOn ?? null;
          extra.order_id_updated = existing.order_id;
        } else {
          newOrder = order(day);
          old.order_id = null;
        }
      }
      return plan("update", {
        id: existing.id,
        values: term,
        before: old,
        extra,
        order: newOrder,
        orderChange,
      });
    });
  },
  async write(trx, plans) {
    const orders = await madeFor(
      plans,
      (p) => p.order !== null,
      (paying) => insertImportedOrders(trx, paying.map((p) => p.order as never)),
    );
    await updateImportedOrders(trx, plans.flatMap((p) => p.orderChange ? [p.orderChange as never] : []));
    const made = await madeFor(plans, (p) => p.id === null, (news) =>
      insertImportedMemberships(
        trx,
        news.map((p) => ({ ...p.values, order_id: orders.get(p) ?? null }) as never),
      ));
    await updateImportedMemberships(
      trx,
      plans.filter((p) => p.id !== null).map((p) => ({
        id: p.id!,
        change: { ...p.values, ...(orders.has(p) ? { order_id: orders.get(p)! } : {}) } as never,
      })),
    );
    return plans.map((p) => {
      const orderId = orders.get(p) ?? null;
      if (p.id === null) return { target_id: made.get(p)!, extra: { order_id: orderId }, before: null };
      return {
        target_id: p.id,
        extra: orderId ? { ...p.extra, order_id: orderId } : p.extra,
        before: p.before,
      };
    });
  },
};

/** A verdict whose write is the row's own (a kind written row by row). */
export interface RowVerdict {
  outcome: ImportOutcome;
  reason: string | null;
  write?: (trx: Kysely<DB>) => Promise<Written>;
}

/**
 * A kind written row by row inside the chunk's transaction: its plan is each row's own write. For a kind too rare
 * to need set-based writes; the chunking, the staging rows and the resume are the same.
 */
export const rowByRow = (
  keyName: string,
  decideRows: (db: Kysely<DB>, rows: ChunkRow[], seen: Seen | null) => Promise<RowVerdict[]>,
): KindEngine<(trx: Kysely<DB>) => Promise<Written>> => ({
  keyName,
  async decide(db, rows, seen) {
    return (await decideRows(db, rows, seen)).map((v) => ({
      outcome: v.outcome,
      reason: v.reason,
      plan: v.write,
    }));
  },
  async write(trx, plans) {
    const out: Written[] = [];
    for (const write of plans) out.push(await write(trx));
    return out;
  },
});

/** The kinds' engines; a new kind plugs in here with its `decide` and `write` (or `rowByRow`). */
const ENGINES: Record<ImportKind, KindEngine<unknown>> = {
  members: members as KindEngine<unknown>,
  companies: companies as KindEngine<unknown>,
  drug_tests: drugTests as KindEngine<unknown>,
  memberships: memberships as KindEngine<unknown>,
  store_orders: rowByRow("order_reference", decideStoreOrders) as KindEngine<unknown>,
};

/** The verdicts of a chunk of rows, in order; `seen` (the dry run) names keys repeated in the file. */
export const decide = (db: Kysely<DB>, kind: ImportKind, rows: ChunkRow[], seen: Seen | null) =>
  ENGINES[kind].decide(db, rows, seen);

/**
 * What the dry run has seen of this chunk's keys in the chunks before it: the first staged row of each, found by
 * index (sql/0050), so memory does not grow with the file (decision 0089).
 */
export async function seenBefore(db: Kysely<DB>, kind: ImportKind, batchId: number, rows: ChunkRow[]) {
  const engine = ENGINES[kind];
  const seen: Seen = new Map(
    (await stagedKeys(db, batchId, rows.map((r) => r.key))).map((s) => [
      `${engine.keyName}\u0000${s.key}`,
      s.row_number,
    ]),
  );
  for (const [key, row] of await engine.otherKeys?.(db, batchId, rows) ?? []) seen.set(key, row);
  return seen;
}

/** Carries out the plans of a chunk's verdicts, set-based; one `Written` per plan, in order. */
export const write = (trx: Kysely<DB>, kind: ImportKind, plans: unknown[]) =>
  plans.length === 0 ? Promise.resolve([]) : ENGINES[kind].write(trx, plans);
