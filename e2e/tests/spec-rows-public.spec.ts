/**
 * Rows of the public specification that were present but never exercised (issue 37, "Untested rows"): the home
 * page's service tiles and approved-lab section (public spec §2 home), the login page's links to /register and
 * /forgot-password (§2 /login), the public pages' figures (§1 marketing claims, §9 constants) and the $120
 * return-to-work price (§9) as the store reads it.
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test("the home page's service tiles each lead to their page", async ({ page, visit, arrive }) => {
  await visit("/");
  const services = page.getByRole("region", { name: "Every test the regulations require" });
  // Spec §1: pre-employment, periodic, post-accident, reasonable suspicion and random testing; employee
  // assistance and DER training.
  const tiles: [title: string, link: string, href: string][] = [
    ["Random testing", "How random testing works", "/random-testing-types#random"],
    ["Pre-employment testing", "Pre-employment rules", "/random-testing-types#pre-employment"],
    ["Post-accident testing", "After an incident", "/random-testing-types#post-accident"],
    ["Reasonable suspicion", "Reasonable-suspicion tests", "/random-testing-types#reasonable-suspicion"],
    ["Employee assistance and DER training", "All our services", "/services"],
    ["Business compliance kit", "About the kit", "/services/business-compliance-kit"],
  ];
  for (const [title, link, href] of tiles) {
    const tile = services.getByRole("listitem").filter({
      has: page.getByRole("heading", { level: 3, name: title, exact: true }),
    });
    await expect(tile).toHaveCount(1);
    await expect(tile.getByRole("link", { name: link, exact: true })).toHaveAttribute("href", href);
  }
  await expect(services.getByText("alcohol within 2 hours, drugs within 32 hours")).toBeVisible();

  // A tile followed: the random testing types page, at its "Post accident" section.
  await services.getByRole("link", { name: "After an incident", exact: true }).click();
  await arrive("/random-testing-types#post-accident");
  await expect(page.getByRole("heading", { level: 2, name: "Post accident", exact: true })).toBeVisible();
});

test("the home page's approved-lab section names the lab, the MRO and the partner sites, and links on", async ({ page, visit, arrive }) => {
  await visit("/");
  const labs = page.getByRole("region", { name: "Approved labs and a medical review officer" });
  // Spec §1: a DOT-approved collection facility, SAMHSA-approved labs and a medical review officer.
  await expect(labs).toContainText("DOT-approved collection facility");
  await expect(labs).toContainText("SAMHSA-certified laboratory");
  await expect(labs).toContainText("medical review officer (MRO)");
  await expect(labs.getByRole("heading", { level: 3, name: "Over 10,000 partner sites" })).toBeVisible();
  await expect(labs.getByRole("link", { name: "About our partner labs" })).toHaveAttribute(
    "href",
    "/partner-labs",
  );
  await labs.getByRole("link", { name: "How collection, laboratory and MRO review work" }).click();
  await arrive("/approved-lab-mro");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Approved Lab and MRO");
});

test("the public pages state the specification's figures", async ({ page, visit }) => {
  // Spec §1: about 25,000 mariners served, 10,000+ partner labs, founded in 1986; §9: records within 2 days.
  await visit("/");
  const figures = page.getByRole("list", { name: "APCA in figures" });
  await expect(figures.getByRole("listitem")).toHaveText([
    "25,000 mariners served",
    "10,000+ partner labs and collection sites",
    "1986 the year we started",
    "2 days to produce your records for the Coast Guard",
  ]);
  // §9: penalty up to $5,000 per day per violation (the learn-more card).
  await expect(page.getByRole("main")).toContainText(
    "Civil penalties reach $5,000 per day for each violation.",
  );

  await visit("/about");
  await expect(page.getByRole("main")).toContainText("since 1986");
  await expect(page.getByRole("main")).toContainText("about 25,000 mariners");
  // §9: records to the Coast Guard within 2 days; MIS report by March 15.
  await expect(page.getByRole("main")).toContainText("produced to the Coast Guard within 2 days");
  await expect(page.getByRole("main")).toContainText("due by March 15");

  await visit("/partner-labs");
  await expect(page.getByRole("main")).toContainText("More than 10,000 partner labs and collection sites");

  await visit("/services/non-compliance-penalties");
  await expect(page.getByRole("main").getByText("$5,000 per day for each violation")).toBeVisible();

  // §9: pre-employment results no older than 6 months; post-accident alcohol within 2 hours, drugs within 32.
  await visit("/random-testing-types");
  await expect(page.getByRole("main")).toContainText("The result must be no older than 6 months.");
  await expect(page.getByRole("main")).toContainText(
    "alcohol test within 2 hours and a drug test within 32 hours",
  );
});

test("the store reads the return-to-work tracking price: $120 per test", async ({ page, visit, arrive }) => {
  await registerMemberThroughApi(page.request, { membership: "none", card: false });
  await visit("/app/store");
  const card = page.getByRole("listitem").filter({
    has: page.getByRole("link", { name: "Tracking Return-to-Work Tests", exact: true }),
  });
  await expect(card).toContainText("$120.00");
  await card.getByRole("link", { name: "Tracking Return-to-Work Tests", exact: true }).click();
  await arrive(/\/app\/store\/item\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Tracking Return-to-Work Tests" })).toBeVisible();
  await expect(page.getByText("$120.00 each")).toBeVisible();
});

test("the login page links to registration and to the forgotten-password form", async ({ page, visit, arrive }) => {
  await visit("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await arrive("/register");
  await expect(page.getByRole("button", { name: "Register as a Member" })).toBeVisible();

  await visit("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await arrive("/forgot-password");
  await expect(page.getByLabel(/^Email/)).toBeVisible();
});
