/**
 * The Audit screen's "Person" filter (issue 37): the administrator types part of a name or e-mail and picks the
 * person from the matching users; the filter then carries that user's id (a hidden `actor` field), and names
 * them. A filter opened from an address with an id alone shows that user's name too.
 */
import { useEffect, useId, useState } from "react";
import { call } from "../../lib/typed-api.ts";

interface Person {
  id: number;
  name: string;
  email: string;
}

const personOf = (
  u: { id: number; attributes: { first_name: string; last_name: string; email: string } },
) => ({
  id: u.id,
  name: `${u.attributes.first_name} ${u.attributes.last_name}`,
  email: u.attributes.email,
});

/** Waits this long after the last key before asking the server. */
const TYPING_MS = 250;

export function ActorPicker({ actor }: { actor: string }) {
  const id = useId();
  const [chosen, setChosen] = useState<Person | null>(null);
  const [text, setText] = useState("");
  const [matches, setMatches] = useState<Person[] | null>(null);
  const [failed, setFailed] = useState(false);

  // An id from the address: its name.
  useEffect(() => {
    if (!/^\d+$/.test(actor)) return setChosen(null);
    if (chosen && String(chosen.id) === actor) return;
    const controller = new AbortController();
    call("/auth/user/{id}").GET({ params: { id: actor }, signal: controller.signal })
      .then((a) => setChosen(personOf(a.data)))
      .catch(() => setChosen({ id: Number(actor), name: `User ${actor}`, email: "" }));
    return () => controller.abort();
  }, [actor]);

  // The people matching what is typed.
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return setMatches(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("/auth/users").GET({ query: { search: q, per_page: 8 }, signal: controller.signal })
        .then((a) => {
          setFailed(false);
          setMatches(a.data.map(personOf));
        })
        .catch((error) => {
          if (!controller.signal.aborted) setFailed(Boolean(error));
        });
    }, TYPING_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  if (chosen) {
    return (
      <div className="field audit-person">
        <span className="field-label" id={`${id}-label`}>Person</span>
        <input type="hidden" name="actor" value={chosen.id} />
        <p className="audit-person-chosen" aria-labelledby={`${id}-label`}>
          <strong>{chosen.name}</strong>
          {chosen.email && <span>{chosen.email}</span>}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setChosen(null);
              setText("");
            }}
            aria-label={`Clear the person ${chosen.name}`}
          >
            Clear
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="field audit-person">
      <label htmlFor={`${id}-search`}>Person</label>
      <input type="hidden" name="actor" value="" />
      <input
        id={`${id}-search`}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Name or e-mail"
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the only match rather than submitting the filter with no person.
          if (e.key === "Enter" && matches?.length === 1) {
            e.preventDefault();
            setChosen(matches[0]);
          }
        }}
      />
      <span id={`${id}-hint`} className="field-hint" aria-live="polite">
        {failed
          ? "The people could not be searched. Try again."
          : matches === null
          ? "Type two letters or more, then pick the person."
          : matches.length === 0
          ? "Nobody matches."
          : `${matches.length} match${matches.length === 1 ? "" : "es"}: pick one.`}
      </span>
      {matches && matches.length > 0 && (
        <ul className="audit-person-matches" aria-label="People matching">
          {matches.map((p) => (
            <li key={p.id}>
              <button type="button" className="button-link" onClick={() => setChosen(p)}>
                {p.name} <span className="field-hint">{p.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
