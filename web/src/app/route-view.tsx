import { Suspense } from "react";
import { Route, Switch, useParams } from "wouter";
import { useSignals } from "@preact/signals-react/runtime";
import { Alert } from "../components/alert.tsx";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { Loading } from "../components/loading.tsx";
import { session } from "../lib/session.ts";
import { nearestSubject, subjectNames } from "../lib/page-subject.ts";
import { trailFor } from "./crumbs.ts";
import { NotFoundPage } from "./not-found-page.tsx";
import { PageHeading, useDocumentTitle } from "./page-heading.tsx";
import type { AppRoute } from "./routes.tsx";

/** Renders the first row of `routes` that matches the location, or the 404 page. */
export function RouteSwitch({ routes }: { routes: AppRoute[] }) {
  return (
    <Switch>
      {routes.map((row) => (
        <Route key={row.path} path={row.path}>
          <RouteView row={row} routes={routes} />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** Every page's frame: breadcrumb, <h1> (naming the page's subject), document title, then the lazy page. */
function RouteView({ row, routes }: { row: AppRoute; routes: AppRoute[] }) {
  useSignals();
  const params = useParams() as Partial<Record<string, string>>;
  const trail = trailFor(routes, row.path, params);
  // The page's subject, once a page has named it (lib/page-subject.ts): in the heading and the crumbs.
  const names = subjectNames.value;
  const subject = nearestSubject(trail.map((crumb) => crumb.href), names);
  const named = trail.map((crumb) => names[crumb.href] ? { ...crumb, label: names[crumb.href] } : crumb);
  useDocumentTitle(subject ? `${row.title}: ${subject}` : row.title);
  const Page = row.page;
  const forbidden = row.adminOnly && !session.value?.is_admin;

  return (
    <>
      <Breadcrumbs trail={named} />
      {!row.ownHeading && (
        <PageHeading>
          {row.title}
          {subject && <span className="page-heading-subject">: {subject}</span>}
        </PageHeading>
      )}
      {forbidden ? <Alert variant="error">You do not have access to this page.</Alert> : (
        // While the page's code loads, .page-pending keeps the footer below the fold so it does not jump.
        <Suspense fallback={<PagePending />}>
          <Page params={params} />
        </Suspense>
      )}
    </>
  );
}

function PagePending() {
  return (
    <div className="page-pending">
      <Loading />
    </div>
  );
}
