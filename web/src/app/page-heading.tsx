import { type ReactNode, useEffect, useRef } from "react";

// False until the first page has rendered: on a fresh load the browser and screen reader already start at
// the top, but after a client-side navigation nothing moves focus, so we move it to the new page's <h1>.
let navigatedBefore = false;

/** The page's <h1>; receives focus after client-side navigations so keyboard and screen-reader users follow. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (navigatedBefore) ref.current?.focus();
    navigatedBefore = true;
  }, []);
  return <h1 ref={ref} tabIndex={-1} className="page-heading">{children}</h1>;
}

/** Sets the browser tab title; one format for every page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | APCA Portal`;
  }, [title]);
}
