/**
 * The administrators' header's "More" (issue 36; decision 0090): the less-used screens behind one button, so
 * the header stays one row at 1440 px. A disclosure of links (the button says whether it is open with
 * aria-expanded; the links stay links, as in a navigation menu, not menu items a screen reader must learn):
 * Enter, Space or ArrowDown opens it (ArrowDown and ArrowUp then move between the links, Home and End to the
 * ends), Escape closes it and gives focus back to the button, and a click outside, a Tab out or a new page
 * closes it. The button is bold, like a current link, while the page shown is one of its links.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { NavLink } from "../components/nav-link.tsx";

export function MoreMenu(
  { links, label = "More" }: { links: [href: string, label: string][]; label?: string },
) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [location] = useLocation();
  const here = links.some(([href]) => location === href || location.startsWith(`${href}/`));

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const anchors = () => [...(box.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? [])];
  const focusLink = (which: number | "next" | "previous") => {
    const all = anchors();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const to = which === "next"
      ? (at + 1) % all.length
      : which === "previous"
      ? (at - 1 + all.length) % all.length
      : (which + all.length) % all.length;
    all[to]?.focus();
  };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.target === button.current) {
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      e.preventDefault();
      setOpen(true);
      // The links show once React has rendered the open state (at the end of this event); focus goes then.
      const to = e.key === "ArrowDown" ? 0 : -1;
      requestAnimationFrame(() => focusLink(to));
      return;
    }
    const to = ({ ArrowDown: "next", ArrowUp: "previous", Home: 0, End: -1 } as const)[
      e.key as "ArrowDown"
    ];
    if (!open || to === undefined) return;
    e.preventDefault();
    focusLink(to);
  }

  return (
    <div
      className="more-menu"
      ref={box}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && !box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        className={here ? "more-toggle is-here" : "more-toggle"}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul id={id} className="more-links" hidden={!open}>
        {links.map(([href, text]) => (
          <li key={href}>
            <NavLink href={href}>{text}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
