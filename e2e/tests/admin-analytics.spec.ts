/**
 * Journey: an administrator reads the analytics (admin spec §2 "Overview analytics", §3 payloads, §9 ranges).
 * The tiles and the five charts render from the seed; one chart's range changes without the others
 * reloading; the CSV of members without a primary business downloads. The misconfigured member is this
 * spec's own (a fresh account inserted directly), so no other spec's data is touched.
 */
import postgres from "postgres";
import process from "node:process";
import { readFile } from "node:fs/promises";
import { databaseUrl } from "../support/database.ts";
import { expect, test } from "../support/fixtures.ts";

test.describe.configure({ timeout: 120_000 });

/** A member with a one-time membership and no primary business: one "Users Improperly Configured". */
async function addMisconfiguredMember(): Promise<string> {
  const email = `analytics-${Date.now()}-${process.pid}@e2e.test`;
  const sql = postgres(databaseUrl(process.env.E2E_DATABASE_NAME!), { max: 1, onnotice: () => {} });
  try {
    const [user] = await sql`insert into users (email, password_hash, first_name, last_name)
      values (${email}, 'e2e-no-sign-in', 'Nola', 'Noprimary') returning id`;
    await sql`insert into memberships (user_id, type, has_expiration, price_cents)
      values (${user.id}, 'one_time', false, 7500)`;
  } finally {
    await sql.end();
  }
  return email;
}

const CHARTS = [
  "Random Drug Tests",
  "Consortium Membership",
  "Membership Decomposition",
  "One Time Drug Test",
  "Company Breakdown",
];

test("an administrator reads the analytics, changes one chart's range and downloads the misconfigured users", async ({ page, logInAs, visit, checkA11y }) => {
  const email = await addMisconfiguredMember();
  await logInAs("admin");

  const statsCalls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/auth/stats/")) statsCalls.push(path + new URL(r.url()).search);
  });
  await visit("/app/admin/analytics");

  // The tiles, with 'Download Users' since at least this spec's member is misconfigured.
  const tiles = page.getByRole("list", { name: "Overview" });
  for (
    const label of [
      "Active Annual Consortium Membership",
      "Active One-Time Drug Test",
      "Paused Members",
      "Expired Members",
      "Active Companies",
      "Users Improperly Configured",
    ]
  ) await expect(tiles.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create it from a new export" })).toHaveAttribute(
    "href",
    "/app/admin/export/new",
  );

  // Five charts, each drawn (a uPlot canvas) from the seed's data, none failed.
  for (const title of CHARTS) {
    const chart = page.getByRole("region", { name: title, exact: true });
    await expect(chart.locator("canvas").first()).toBeVisible();
  }
  await expect(page.getByText("This analytical endpoint timed out")).toHaveCount(0);
  // The Random Drug Tests table lists the seed's pool: Erin tested, Eli exempt.
  const randoms = page.getByRole("region", { name: "Random Drug Tests", exact: true });
  await randoms.getByRole("button", { name: "Show table" }).click();
  await expect(randoms.getByRole("table")).toContainText("Exempt");
  await expect(randoms.getByRole("row").nth(1)).toContainText("2");
  await checkA11y();

  // A new range for Consortium Membership reloads that chart only.
  statsCalls.length = 0;
  const consortium = page.getByRole("region", { name: "Consortium Membership", exact: true });
  await consortium.getByLabel("From").fill("2025-01");
  await expect(consortium.locator("canvas").first()).toBeVisible();
  await expect.poll(() => statsCalls).toContainEqual(
    expect.stringMatching(/^\/api\/auth\/stats\/memberships\/consortium\?start=2025-01&end=\d{4}-\d{2}$/),
  );
  await consortium.getByRole("button", { name: "Show table" }).click();
  await expect(consortium.getByRole("rowheader", { name: "January 2025" })).toBeVisible();
  expect(statsCalls.every((c) => c.startsWith("/api/auth/stats/memberships/consortium")), statsCalls.join())
    .toBe(true);

  // The CSV of members without a primary business names this spec's member.
  const downloading = page.waitForEvent("download");
  await tiles.getByRole("button", { name: "Download Users" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("users-without-primary-business.csv");
  const text = await readFile(await download.path(), "utf8");
  expect(text.split("\r\n")[0]).toBe("id,email,first_name,last_name,member_number,phone,created_at");
  expect(text).toContain(email);
});
