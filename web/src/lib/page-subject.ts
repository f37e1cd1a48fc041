/**
 * Pages that show one subject (a member, a company, an order, a vessel) name it, and the frame puts that name
 * in the page's <h1> and its breadcrumb (issue 23: "User Details", "Users › User Details › …", "User #4" named
 * nobody). A page calls `useSubjectName(href, name)` with its own address; every page below that address shows
 * the nearest named one ("Pause Membership: Morgan Lee", "Users › Morgan Lee › Pause Membership"). The names
 * live for the session only: they are what the pages already loaded, nothing more.
 */
import { signal } from "@preact/signals-react";
import { useEffect } from "react";

/** The names of subjects by their page's address ("/app/admin/users/7" → "Morgan Lee"). */
export const subjectNames = signal<Readonly<Record<string, string>>>({});

/** Names the subject of the page at `href` once `name` is known. */
export function useSubjectName(href: string, name: string | null | undefined): void {
  useEffect(() => {
    if (name && subjectNames.value[href] !== name) {
      subjectNames.value = { ...subjectNames.value, [href]: name };
    }
  }, [href, name]);
}

/** The nearest named subject of a trail of addresses (the page's own, then its parents'). */
export function nearestSubject(hrefs: string[], names: Readonly<Record<string, string>>): string | undefined {
  for (let i = hrefs.length - 1; i >= 0; i--) {
    const name = names[hrefs[i]];
    if (name) return name;
  }
  return undefined;
}
