/**
 * The users an employee request may mean, ranked (issue 24 item 3, decision 0069): each says what matches
 * the requested person (e-mail, name, phone, USCG credential), and whether the match is strong (the same
 * e-mail, or the same name with the same phone or credential), so the desk can preselect only a strong one.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { type NamedPerson, userCandidates } from "./queries.ts";

export type CandidateMatch = "email" | "name" | "phone" | "credential";

const digits = (v: string | null | undefined) => (v ?? "").replace(/\D/g, "");
const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a user shares with the requested person, strongest first. */
export function matchesOf(
  who: NamedPerson & { phone?: string | null; uscg_cred?: string | null },
  u: { email: string; first_name: string; last_name: string; phone: string | null; uscg_cred: string | null },
): { match: CandidateMatch[]; strong: boolean; score: number } {
  const match: CandidateMatch[] = [];
  if (same(who.email, u.email)) match.push("email");
  if (same(who.first_name, u.first_name) && same(who.last_name, u.last_name)) match.push("name");
  if (digits(who.phone).length >= 7 && digits(who.phone).slice(-10) === digits(u.phone).slice(-10)) {
    match.push("phone");
  }
  if (same(who.uscg_cred, u.uscg_cred)) match.push("credential");
  const weight = { email: 4, name: 2, phone: 1, credential: 2 } as const;
  const score = match.reduce((n, m) => n + weight[m], 0);
  const strong = match.includes("email") ||
    (match.includes("name") && (match.includes("phone") || match.includes("credential")));
  return { match, strong, score };
}

/** The candidates, best first (then oldest account first), each with its matches. */
export async function rankedCandidates(
  db: Kysely<DB>,
  who: NamedPerson & { phone?: string | null; uscg_cred?: string | null },
) {
  const rows = await userCandidates(db, who);
  return rows.map((u) => {
    const { match, strong, score } = matchesOf(who, u);
    return {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      member_number: u.member_number,
      phone: u.phone,
      match,
      strong,
      score,
    };
  }).sort((a, b) => b.score - a.score || a.id - b.id).map(({ score: _score, ...c }) => c);
}
