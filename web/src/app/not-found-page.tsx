import { Link, useLocation } from "wouter";
import { PageHeading, useDocumentTitle } from "./page-heading.tsx";

/** Shown for any path the route table does not know, inside whichever layout the path belongs to. */
export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  const [location] = useLocation();
  const home = location.startsWith("/app") ? "/app" : "/";
  return (
    <>
      <PageHeading>Page Not Found</PageHeading>
      <p>We could not find the page you asked for. The link may be old, or the address mistyped.</p>
      <p>
        <Link href={home}>{home === "/app" ? "Go to your dashboard" : "Go to the home page"}</Link>
      </p>
    </>
  );
}
