import type { ReactNode } from "react";
import { Link, useRoute } from "wouter";

/** A navigation link that tells assistive technology which page is current (aria-current="page"). */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}
