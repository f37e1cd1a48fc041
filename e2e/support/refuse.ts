/** A Playwright route handler that refuses the call as the server does: the status and the error model's body. */
import type { Route } from "@playwright/test";

export const refuse = (status: number, error: string) => (route: Route) =>
  route.fulfill({
    status,
    contentType: "application/json",
    body: JSON.stringify({ error, code: "CONFLICT" }),
  });
