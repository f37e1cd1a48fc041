/** Journey: finding one's way: the route table, placeholders, 404, breadcrumbs and dashboard parameters. */
import { expect, test } from "../support/fixtures.ts";

test("an unknown route shows the 404 page, with status 404", async ({ page, visit }) => {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/no-such-page");
  await visit("/no-such-page");
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
});

test("a public page has its breadcrumb trail", async ({ page, visit }) => {
  await visit("/about/prices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prices");
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(trail.getByRole("link", { name: "About APCA" })).toHaveAttribute("href", "/about");
});

test("an admin screen has the Dashboard breadcrumb root", async ({ page, logInAs, visit }) => {
  await logInAs("admin");
  const found = await page.request.get("/api/auth/users?search=member%40apca.local");
  const id = (await found.json()).data[0].id;
  await visit(`/app/admin/users/${id}/manage`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit User");
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link")).toHaveText(["Dashboard", "Users", "User Details"]);
  await expect(trail.getByRole("link", { name: "User Details" })).toHaveAttribute(
    "href",
    `/app/admin/users/${id}`,
  );
});

test("a member cannot open admin screens", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app/admin/users");
  await expect(page.getByRole("alert")).toHaveText("You do not have access to this page.");
});

test("the dashboard shows ?toastError as an error toast and ?finished=1 as a banner", async ({ page, logInAs, visit }) => {
  await logInAs("member");
  await visit("/app?finished=1&toastError=Payment%20failed");
  await expect(page.getByRole("status").filter({ hasText: "Payment failed" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Registration complete" })).toBeVisible();
  await expect(page).toHaveURL("/app?finished=1");
});
