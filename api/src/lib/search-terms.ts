/**
 * What the administrators' header search (api/src/search/, decision 0070) looks for, worked out once from the
 * typed text: each domain's search query (users, businesses, orders) matches these patterns against the
 * trigram indexes of sql/0039.
 */

/** The shortest text searched; one character would match most of the consortium. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

export interface SearchTerms {
  /** The typed text, trimmed and lower-cased. */
  text: string;
  /**
   * LIKE patterns matched against a name or an e-mail: the text anywhere (three characters and more, which a
   * trigram index answers), or, for two characters (too short for a trigram), at the start of a word.
   */
  anywhere: string[];
  /** LIKE pattern: the text at the start (member number, order number, credential). */
  prefix: string;
  /** The text's digits, when it has at least three (phone numbers, EINs, number suffixes); else null. */
  digits: string | null;
}

/** A LIKE pattern's literal part: its %, _ and \ taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchTerms(q: string): SearchTerms {
  const text = q.trim().replace(/\s+/g, " ").toLowerCase();
  const literal = escapeLike(text);
  const digitsOnly = text.replace(/\D/g, "");
  return {
    text,
    anywhere: text.length >= 3 ? [`%${literal}%`] : [`${literal}%`, `% ${literal}%`],
    prefix: `${literal}%`,
    digits: digitsOnly.length >= 3 ? digitsOnly : null,
  };
}
