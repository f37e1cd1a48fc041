/** The application: guards, every domain router under /api, the web app, and the one error handler. */
import { consentsRoutes } from "./consents/routes.ts";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { serveStatic } from "hono/deno";
import { authRoutes } from "./auth/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { answerLiveness, livenessRoutes, readinessRoutes } from "./health/routes.ts";
import { metricsRoutes } from "./health/metrics-routes.ts";
import { observeRequests } from "./lib/logging.ts";
import type { AppEnv, Deps } from "./lib/context.ts";
import { AppError, errorBody } from "./lib/errors.ts";
import { checkKnownBody, checkSameSite } from "./lib/guards.ts";
import { checkSafeUrl } from "./lib/safe-input.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { siteUrlFromRequest } from "./lib/site-url.ts";
import { hasOwnBodyLimit } from "./lib/route.ts";
import { refuseOversizedHead } from "./lib/http-limits.ts";
import { buildOpenApi, type DescribedRoute, describeRoutes } from "./lib/openapi.ts";
import { auditGuard } from "./lib/audit-guard.ts";
import { inRequest } from "./lib/request-context.ts";
import { clientIp } from "./auth/sessions.ts";
import { usersRoutes } from "./users/routes.ts";
import { adminUserRoutes, userDetailRoutes } from "./desk/users-routes.ts";
import { mergeRoutes } from "./desk/merge-routes.ts";
import { membershipRefundRoutes } from "./memberships/refund-routes.ts";
import { secondFactorRoutes } from "./auth/second-factor/routes.ts";
import { businessesRoutes } from "./businesses/routes.ts";
import { employeesRoutes } from "./employees/routes.ts";
import { businessRosterRoutes } from "./exports/roster-routes.ts";
import { complianceOverviewRoutes } from "./exports/overview-routes.ts";
import { vesselsRoutes } from "./vessels/routes.ts";
import { devMailApiRoutes, devMailPageRoutes } from "./dev-mail/routes.ts";
import { passwordResetRoutes } from "./password-reset/routes.ts";
import { publicConfigRoutes } from "./public-config/routes.ts";
import { analyticsRoutes } from "./analytics/routes.ts";
import { paymentMethodsRoutes } from "./payment-methods/routes.ts";
import { paymentsRoutes } from "./payments/routes.ts";
import { registrationRoutes } from "./registration/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { rosterRoutes } from "./rosters/routes.ts";
import { retentionRoutes } from "./retention/routes.ts";
import { contactRoutes } from "./contact/routes.ts";
import { collectionSitesRoutes } from "./collection-sites/routes.ts";
import { complianceRoutes } from "./compliance/routes.ts";
import { complianceKitRoutes } from "./compliance-kit/routes.ts";
import { documentsRoutes } from "./documents/routes.ts";
import { drugTestsRoutes } from "./drug-tests/routes.ts";
import { membershipsRoutes } from "./memberships/routes.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { accountDataRoutes } from "./account-data/routes.ts";
import { storeRoutes } from "./store/routes.ts";
import { notificationsRoutes } from "./desk/routes.ts";
import { exportsRoutes } from "./exports/routes.ts";
import { importsRoutes } from "./imports/routes.ts";
import { misRoutes } from "./mis/routes.ts";
import { randomsRoutes } from "./randoms/routes.ts";
import { statsRoutes } from "./stats/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { isAppPath, publicPages, siteRoutes } from "./site/routes.ts";
import { isSignedInPath, readPage, signedInPage } from "./site/app-page.ts";

/**
 * End-to-end runs only (config.testClockHeader, refused in production): the request's deps on the clock its
 * X-Test-Now header names, ticking from the moment the request arrived; the wall clock without the header.
 */
function onRequestClock(deps: Deps, header: string | undefined): Deps {
  const at = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(at)) return deps;
  const arrived = performance.now();
  return { ...deps, now: () => new Date(at + Math.floor(performance.now() - arrived)) };
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  let openApi: unknown;

  // First, so that no middleware runs for it (Hono stops at the first handler that answers).
  app.route("/api", livenessRoutes);
  app.use("*", async (c, next) => {
    const requestId = c.req.header("X-Request-Id")?.slice(0, 64) ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps.config.testClockHeader ? onRequestClock(deps, c.req.header("X-Test-Now")) : deps);
    // Every audit row written while answering carries this request's id and address (lib/audit.ts).
    const written = deps.sessionCache.localChanges;
    await inRequest({ requestId, ip: clientIp(c), audited: 0 }, () => next());
    // A sign-out, a new password, a role change...: answered only once the other processes have been told
    // (decision 0068), so the client's next request finds no stale session on any of them. Rare: one
    // notification round trip on the requests that changed a session's facts (or ran beside one that did).
    if (deps.sessionCache.localChanges !== written) await deps.database.confirmSessionFacts();
    setAnsweredHeader(c, "X-Request-Id", c.get("requestId"));
  });
  app.use("*", observeRequests);
  app.use("*", siteUrlFromRequest);
  app.use("*", securityHeaders({ recaptcha: deps.captcha.widget.provider === "recaptcha", stripe: false }));
  // Oversized addresses and headers answer in the error model, before anything reads them (lib/http-limits.ts),
  // on every path: the web app's pages too.
  app.use("*", refuseOversizedHead);

  const globalBodyLimit = bodyLimit({
    maxSize: deps.config.bodyLimit,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    },
  });
  // The /api checks, in this order: the body limit, the body's type, cross-site, the address. One middleware
  // rather than four: each step of Hono's chain costs about what the check itself does, and a request without
  // a body (every GET) skips the limit, as Hono's bodyLimit does, without looking for the route's own limit.
  // A route with a limit of its own (`bodyLimitOf`, the safety letter's 5 MiB) is held to that one instead.
  const apiChecks: MiddlewareHandler<AppEnv> = (c, next) => {
    const checked = () => {
      checkKnownBody(c);
      checkSameSite(c);
      checkSafeUrl(c);
      return next();
    };
    return !c.req.raw.body || hasOwnBodyLimit(c) ? checked() : globalBodyLimit(c, checked);
  };
  app.use("/api/*", apiChecks);
  // Read off the route table once: which calls must leave an audit row (docs/decisions/0044-audit-and-limits.md).
  let routeTable: Map<string, DescribedRoute> | undefined;
  app.use(
    "/api/*",
    auditGuard(() => routeTable ??= new Map(describeRoutes(app).map((r) => [`${r.method} ${r.path}`, r]))),
  );

  app.route("/api", readinessRoutes);
  app.route("/api", metricsRoutes);
  app.route("/api", authRoutes);
  app.route("/api", secondFactorRoutes);
  app.route("/api", userDetailRoutes);
  app.route("/api", usersRoutes);
  app.route("/api", adminUserRoutes);
  app.route("/api", mergeRoutes);
  app.route("/api", businessesRoutes);
  app.route("/api", businessRosterRoutes);
  app.route("/api", complianceOverviewRoutes);
  app.route("/api", employeesRoutes);
  app.route("/api", vesselsRoutes);
  app.route("/api", passwordResetRoutes);
  app.route("/api", publicConfigRoutes);
  app.route("/api", registrationRoutes);
  app.route("/api", paymentMethodsRoutes);
  app.route("/api", paymentsRoutes);
  app.route("/api", analyticsRoutes);
  app.route("/api", settingsRoutes);
  app.route("/api", rosterRoutes);
  app.route("/api", retentionRoutes);
  app.route("/api", contactRoutes);
  app.route("/api", collectionSitesRoutes);
  app.route("/api", drugTestsRoutes);
  app.route("/api", complianceRoutes);
  app.route("/api", complianceKitRoutes);
  app.route("/api", documentsRoutes);
  app.route("/api", consentsRoutes);
  app.route("/api", membershipsRoutes);
  app.route("/api", membershipRefundRoutes);
  app.route("/api", storeRoutes);
  app.route("/api", ordersRoutes);
  app.route("/api", auditRoutes);
  app.route("/api", accountDataRoutes);
  app.route("/api", notificationsRoutes);
  app.route("/api", exportsRoutes);
  app.route("/api", importsRoutes);
  app.route("/api", misRoutes);
  app.route("/api", randomsRoutes);
  app.route("/api", statsRoutes);
  app.route("/api", searchRoutes);
  app.route("/api", devMailApiRoutes);
  app.route("/api", docsRoutes(() => openApi ??= buildOpenApi(app)));

  // A real route, so the web app's client-route fallback below does not swallow it.
  app.route("/", devMailPageRoutes);
  app.route("/", siteRoutes);

  // The built scripts and styles shrink to about a third gzipped; they are immutable, so browsers fetch each once.
  app.use("/assets/*", compress());
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The service worker and the web manifest keep their names across deploys: browsers must revalidate them on
  // every check, or an update reaches installed apps late (docs/decisions/0013-service-worker.md).
  app.use("/sw.js", noCache);
  app.use("/manifest.webmanifest", noCache);
  app.use("*", serveStatic({ root: deps.config.webDist }));

  app.notFound(async (c) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") {
      return c.json(
        { error: `There is no endpoint ${c.req.method} ${c.req.path}.`, code: "ROUTE_NOT_FOUND" },
        404,
      );
    }
    // Only pages are served outside /api: anything else there is refused in the error model too.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return c.json({
        error: `There is no page to ${c.req.method} at ${c.req.path}.`,
        code: "ROUTE_NOT_FOUND",
      }, 404);
    }
    // The web app's pages (its routes under /app, the public pages it was built with) answer the app, which
    // decides what to show; any other path is not a page: the app's "Page Not Found", with status 404.
    // The signed-in area's page preloads its own code instead of the public pages' (web/build/signed-in-html.ts).
    try {
      const html = isSignedInPath(c.req.path)
        ? await signedInPage(c, deps.config.webDist)
        : await readPage(deps.config.webDist, false);
      const pages = await publicPages(deps.config.webDist);
      c.header("Cache-Control", "no-cache");
      return c.html(html, !pages || isAppPath(c.req.path, pages) ? 200 : 404);
    } catch {
      return c.text("The web app is not built: run `deno task build`.", 503);
    }
  });
  app.onError((err, c) => {
    const { body, status } = errorBody(c, err);
    return c.json(body, status);
  });

  // Probes call liveness constantly: its answer is given before Hono routes the request (health/routes.ts).
  const dispatch = app.fetch;
  app.fetch = (request, env, ctx) => answerLiveness(request) ?? dispatch(request, env, ctx);
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * Sets a header on the answer already given. Hono's `c.header` after the answer copies the whole Response
 * (every header, and the body turned into a stream) on each call, which cost more than the rest of the
 * middleware together; the answer's own headers are mutable (security-headers.ts sets them the same way), so
 * it is set in place. Only a Response with immutable headers (one passed through from `fetch`) takes the copy.
 */
function setAnsweredHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

const noCache: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.header("Cache-Control", "no-cache");
};
