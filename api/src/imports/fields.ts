/**
 * The import templates (decision 0084, docs/imports/README.md): each kind's columns, how a legacy header is
 * matched to them, and how one row becomes the product's values, checked by the same schemas as the screens
 * and the API (UpdateUserBody, BusinessFields) with their messages.
 */
import type { ImportKind } from "../db/types.ts";
import { UpdateUserBody } from "../users/schemas.ts";
import { BusinessFields } from "../businesses/schemas.ts";
import { checkStoreOrder } from "./store-orders/kind.ts";

export interface Field {
  name: string;
  required: boolean;
  /** Other names a legacy file may give this column (compared lower case, letters and digits only). */
  aliases: string[];
}

const f = (name: string, required: boolean, ...aliases: string[]): Field => ({ name, required, aliases });

export const TEMPLATES: Record<ImportKind, Field[]> = {
  companies: [
    f("ein", true, "taxid", "fein", "employerid", "federaltaxid", "tin"),
    f("name", true, "company", "companyname", "businessname", "legalname"),
    f("dba_name", false, "dba", "doingbusinessas"),
    f("email", false, "companyemail", "emailaddress"),
    f("phone", false, "companyphone", "telephone", "phonenumber"),
    f("address_one", false, "address", "address1", "street", "streetaddress"),
    f("address_two", false, "address2", "suite"),
    f("city", false, "town"),
    f("state", false, "st", "province"),
    f("postal_code", false, "zip", "zipcode", "postcode"),
    f("country", false),
    f("der_email", false, "deremail", "deremailaddress", "contactemail"),
    f("der_first_name", false, "derfirstname", "contactfirstname"),
    f("der_last_name", false, "derlastname", "contactlastname"),
    f("der_member_number", false, "dermembernumber", "dermemberno"),
  ],
  members: [
    f("email", true, "emailaddress", "mail", "memberemail"),
    f("member_number", false, "memberno", "membernum", "memberid", "id", "number"),
    f("first_name", true, "first", "firstname", "givenname", "fname"),
    f("middle_name", false, "middle", "mi", "middleinitial"),
    f("last_name", true, "last", "lastname", "surname", "familyname", "lname"),
    f("phone", false, "telephone", "phonenumber", "mobile", "cell"),
    f("address_one", false, "address", "address1", "street"),
    f("address_two", false, "address2"),
    f("city", false, "town"),
    f("state", false, "st"),
    f("postal_code", false, "zip", "zipcode"),
    f("country", false),
    f("uscg_cred", false, "mmc", "credential", "uscgcredential", "mmcnumber"),
    f("ssn_last4", false, "ssn", "social", "socialsecuritynumber", "last4", "ssnlast4"),
    f("employer_ein", false, "employer", "employerein", "companyein", "ein"),
  ],
  memberships: [
    f("member_email", true, "email", "memberemail"),
    f("type", true, "membershiptype", "plan"),
    f("starts_on", true, "start", "startdate", "from"),
    f("ends_on", false, "end", "enddate", "expires", "expiration", "to"),
    f("paid_on", false, "paid", "paiddate", "paymentdate"),
    f("amount", true, "price", "paid_amount", "amountpaid", "fee"),
    f("paid_by_ein", false, "paidby", "payerein"),
  ],
  drug_tests: [
    f("i3_reference", true, "i3", "i3ref", "reference", "orderref", "i3orderref", "ordernumber"),
    f("member_email", true, "email", "donoremail"),
    f("employer_ein", false, "employer", "ein", "companyein"),
    f("reason", true, "testreason", "reasonfortest", "type"),
    f("collected_on", true, "collected", "collectiondate", "datecollected", "date"),
    f("result", true, "outcome", "testresult"),
    f("resulted_on", false, "resultdate", "resulted", "datereported"),
  ],
  store_orders: [
    f(
      "order_reference",
      true,
      "orderref",
      "ordernumber",
      "orderno",
      "orderid",
      "reference",
      "invoice",
      "invoiceno",
    ),
    f("member_email", true, "email", "memberemail", "customeremail", "buyeremail"),
    f("paid_by_ein", false, "paidby", "payerein", "companyein", "ein"),
    f("ordered_on", true, "orderdate", "ordered", "dateordered", "date", "purchasedate"),
    f("items", true, "lines", "products", "product", "item", "description"),
    f("total", true, "ordertotal", "amount", "totalamount", "price"),
    f("status", false, "orderstatus"),
    f("cancelled_on", false, "cancelled", "canceledon", "cancelleddate", "canceldate"),
    f("paid_with", false, "paymentmedium", "payment", "paymentmethod", "medium", "paidvia"),
  ],
};

export const KINDS = Object.keys(TEMPLATES) as ImportKind[];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A suggested mapping: each field → the first header column named like it (exact name first, then aliases). */
export function suggestMapping(kind: ImportKind, header: string[]): Record<string, number> {
  const names = header.map(squash);
  const used = new Set<number>();
  const out: Record<string, number> = {};
  for (const pass of ["name", "alias"] as const) {
    for (const field of TEMPLATES[kind]) {
      if (field.name in out) continue;
      const wanted = pass === "name" ? [squash(field.name)] : field.aliases.map(squash);
      const at = names.findIndex((n, i) => !used.has(i) && wanted.includes(n));
      if (at >= 0) {
        out[field.name] = at;
        used.add(at);
      }
    }
  }
  return out;
}

export const DATE_FORMATS = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "M/D/YY"] as const;
export type DateFormat = typeof DATE_FORMATS[number];
export const PHONE_FORMATS = ["as_written", "us_digits"] as const;
export type PhoneFormat = typeof PHONE_FORMATS[number];

/** 'YYYY-MM-DD' of a cell in `format`, or null when it is not a real date in that format. */
export function parseDate(cell: string, format: DateFormat): string | null {
  const s = cell.trim();
  let y: number, m: number, d: number;
  if (format === "YYYY-MM-DD") {
    const r = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!r) return null;
    [y, m, d] = [+r[1], +r[2], +r[3]];
  } else {
    const r = format === "M/D/YY"
      ? /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(s)
      : /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
    if (!r) return null;
    const [a, b, c] = [+r[1], +r[2], +r[3]];
    [m, d] = format === "DD/MM/YYYY" ? [b, a] : [a, b];
    y = format === "M/D/YY" ? (c < 70 ? 2000 + c : 1900 + c) : c;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A phone in the chosen format: `us_digits` writes ten digits (a leading 1 dropped) as 504-555-0101. */
export function parsePhone(cell: string, format: PhoneFormat): string {
  const s = cell.trim();
  if (format === "as_written" || s === "") return s;
  const digits = s.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : s;
}

/** An EIN as its nine digits, or null. */
export const einDigits = (cell: string): string | null => {
  const d = cell.replace(/[\s-]/g, "");
  return /^\d{9}$/.test(d) ? d : null;
};
export const formatEin = (digits: string) => `${digits.slice(0, 2)}-${digits.slice(2)}`;
/** A stored tax id as the templates write an EIN (`12-3456789`), or as stored when it is not nine digits. */
export const ein = (taxId: string | null) => {
  const d = taxId?.replace(/\D/g, "") ?? "";
  return d.length === 9 ? formatEin(d) : taxId;
};

/** The product's reason words (and the stored codes), compared without case, spaces or dashes. */
export const REASONS: Record<string, string> = {
  preemployment: "pre_employment",
  random: "random",
  postaccident: "post_accident",
  reasonablesuspicion: "reasonable_suspicion",
  reasonablecause: "reasonable_suspicion",
  returntoduty: "return_to_duty",
  followup: "follow_up",
  periodic: "periodic",
};
export const REASON_WORDS: Record<string, string> = {
  pre_employment: "Pre-employment",
  random: "Random",
  post_accident: "Post-accident",
  reasonable_suspicion: "Reasonable suspicion",
  return_to_duty: "Return-to-duty",
  follow_up: "Follow-up",
  periodic: "Periodic",
};
export const RESULTS: Record<string, string> = {
  "passed": "negative",
  "not passed": "positive",
  "refusal": "refusal",
  "cancelled": "cancelled",
};

/** Dollars as written in a file (`150.00`, `$75`, `1,250.5`) in cents, or null when it is not an amount. */
export function cents(cell: string): number | null {
  const r = /^\$?(\d{1,6})(?:\.(\d{1,2}))?$/.exec(cell.trim().replace(/,/g, ""));
  return r ? Number(r[1]) * 100 + Number((r[2] ?? "0").padEnd(2, "0")) : null;
}

/** Cents as the templates write dollars: `150.00`. */
export const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

export const SSN_CUT_WARNING = "Full SSN cut to its last four digits";

/** One staged row: the product's values (mapped fields only), its natural key, or the reason it is refused. */
export interface ParsedRow {
  data: Record<string, string | number | null>;
  key: string | null;
  error: string | null;
  warnings: string[];
  /** The raw cells, a full SSN already cut. */
  raw: string[];
}

export interface Formats {
  date: DateFormat;
  phone: PhoneFormat;
}

/** Zod's first issue as "field: message". */
function firstIssue(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
) {
  const issue = result.error?.issues[0];
  return issue ? `${String(issue.path[0] ?? "row")}: ${issue.message}` : "row: invalid";
}

/**
 * Reads one row by the mapping. Only mapped fields are in `data`; an empty mapped cell is null. Checks that
 * need the database (a known employer, a taken member number) are made later, on the staged values.
 */
export function parseRow(
  kind: ImportKind,
  cells: string[],
  mapping: Record<string, number>,
  formats: Formats,
): ParsedRow {
  const raw = [...cells];
  const warnings: string[] = [];
  const cell = (name: string) => name in mapping ? (cells[mapping[name]] ?? "").trim() : undefined;
  const data: Record<string, string | number | null> = {};
  const fail = (error: string): ParsedRow => ({ data, key: null, error, warnings, raw });
  for (const field of TEMPLATES[kind]) {
    const v = cell(field.name);
    if (v === undefined) continue;
    if (field.required && v === "") return fail(`${field.name}: required`);
    data[field.name] = v === "" ? null : v;
  }
  const date = (name: string) => {
    const v = data[name];
    if (v === null || v === undefined) return true;
    const d = parseDate(String(v), formats.date);
    if (!d) return false;
    data[name] = d;
    return true;
  };
  const ein = (name: string) => {
    const v = data[name];
    if (v === null || v === undefined) return true;
    const d = einDigits(String(v));
    if (!d) return false;
    data[name] = formatEin(d);
    return true;
  };
  if ("phone" in data && data.phone !== null) data.phone = parsePhone(String(data.phone), formats.phone);

  if (kind === "store_orders") {
    const refused = checkStoreOrder(data, { date, ein, written: (name) => cells[mapping[name]], formats });
    return refused ? fail(refused) : { data, key: String(data.order_reference), error: null, warnings, raw };
  }
  if (kind === "members") {
    const ssn = data.ssn_last4;
    if (typeof ssn === "string") {
      const digits = ssn.replace(/[\s-]/g, "");
      if (/^\d{9}$/.test(digits)) {
        data.ssn_last4 = digits.slice(-4);
        raw[mapping.ssn_last4] = digits.slice(-4);
        warnings.push(SSN_CUT_WARNING);
      }
    }
    const profile = UpdateUserBody.safeParse(data);
    if (!profile.success) return fail(firstIssue(profile));
    data.email = String(data.email).toLowerCase();
    if (!ein("employer_ein")) return fail(`employer_ein: ${data.employer_ein} is not an EIN (9 digits)`);
    return { data, key: String(data.email), error: null, warnings, raw };
  }
  if (kind === "companies") {
    if (!ein("ein")) return fail(`ein: ${data.ein} is not an EIN (9 digits)`);
    const {
      ein: taxId,
      der_email: _e,
      der_first_name: _f,
      der_last_name: _l,
      der_member_number: _n,
      ...business
    } = data;
    const checked = BusinessFields.safeParse({ ...business, tax_id: taxId });
    if (!checked.success) return fail(firstIssue(checked));
    if (typeof data.der_email === "string") {
      const der = UpdateUserBody.pick({ email: true }).safeParse({ email: data.der_email });
      if (!der.success) return fail(`der_email: ${der.error.issues[0].message}`);
      data.der_email = data.der_email.toLowerCase();
    }
    return { data, key: String(data.ein).replace("-", ""), error: null, warnings, raw };
  }
  if (kind === "drug_tests") {
    data.member_email = String(data.member_email).toLowerCase();
    if (!ein("employer_ein")) return fail(`employer_ein: ${data.employer_ein} is not an EIN (9 digits)`);
    const reason = REASONS[squash(String(data.reason))];
    if (!reason) {
      return fail(`reason: "${data.reason}" is not one of ${Object.values(REASON_WORDS).join(", ")}`);
    }
    data.reason = reason;
    const result = RESULTS[String(data.result).trim().toLowerCase()];
    if (!result) return fail(`result: "${data.result}" is not one of Passed, Not passed, Refusal, Cancelled`);
    data.result = result;
    for (const name of ["collected_on", "resulted_on"]) {
      if (!date(name)) return fail(`${name}: "${cells[mapping[name]]}" is not a date in ${formats.date}`);
    }
    if ("resulted_on" in data && data.resulted_on && String(data.resulted_on) < String(data.collected_on)) {
      return fail("resulted_on: before collected_on");
    }
    return { data, key: String(data.i3_reference), error: null, warnings, raw };
  }
  // memberships
  data.member_email = String(data.member_email).toLowerCase();
  const type = String(data.type).trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (type !== "annual" && type !== "one_time") return fail(`type: "${data.type}" is not annual or one_time`);
  data.type = type;
  for (const name of ["starts_on", "ends_on", "paid_on"]) {
    if (!date(name)) return fail(`${name}: "${cells[mapping[name]]}" is not a date in ${formats.date}`);
  }
  if (type === "annual" && !data.ends_on) return fail("ends_on: required for an annual membership");
  if (data.ends_on && String(data.ends_on) < String(data.starts_on)) return fail("ends_on: before starts_on");
  const amount = cents(String(data.amount));
  if (amount === null) return fail(`amount: "${data.amount}" is not an amount in dollars`);
  data.amount = amount;
  if (!ein("paid_by_ein")) return fail(`paid_by_ein: ${data.paid_by_ein} is not an EIN (9 digits)`);
  return {
    data,
    key: `${data.member_email}|${type}|${data.starts_on}`,
    error: null,
    warnings,
    raw,
  };
}
