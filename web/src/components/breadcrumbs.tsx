import { Link } from "wouter";

export interface Crumb {
  label: string;
  href: string;
}

/** The trail to the current page; the last crumb is the page itself and is not a link. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1
            ? <li key={crumb.href} aria-current="page">{crumb.label}</li>
            : (
              <li key={crumb.href}>
                <Link href={crumb.href}>{crumb.label}</Link>
              </li>
            )
        )}
      </ol>
    </nav>
  );
}
