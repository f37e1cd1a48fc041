/**
 * Journey: a member starts an annual membership on a phone and the screen it lands on states the renewal terms
 * (issue 25 item 1): the day it renews, the amount, the card on file, and how to cancel, with the link. The
 * receipt e-mail's words are tested with the API (api/src/orders/receipt.test.ts).
 */
import { expect, test } from "../support/fixtures.ts";
import { registerMemberThroughApi } from "../support/members.ts";

test.use({ viewport: { width: 390, height: 844 } });

const BASE = "/app/account/membership";

test("after buying an annual membership, the screen states when it renews, for how much, and how to cancel", async ({ page, visit, arrive }) => {
  await registerMemberThroughApi(page.request, { membership: "none" });
  await visit(`${BASE}/new`);
  await expect(page.getByLabel(/Annual membership/)).toBeChecked();
  await page.getByRole("button", { name: "Purchase" }).click();
  await arrive(`${BASE}/details`);
  const terms = page.getByRole("region", { name: "Automatic renewal" });
  await expect(terms).toContainText(
    /Your annual membership renews automatically on [A-Z][a-z]{2} \d{1,2}, \d{4} for \$95\.00, charged to your card on file \(Visa ending in 4242\)\./,
  );
  await expect(terms).toContainText(
    /To cancel, so that you are not charged, choose Cancel on .* before [A-Z][a-z]{2} \d/,
  );
  const cancel = terms.getByRole("link", { name: "the cancellation page" });
  await expect(cancel).toHaveAttribute("href", `${BASE}/cancel`);
  // The date stated is the membership's own expiry, as its details say.
  const expiry = await page.locator("dt", { hasText: "Expiration Date" }).locator(
    "xpath=following-sibling::dd[1]",
  )
    .innerText();
  await expect(terms).toContainText(`renews automatically on ${expiry}`);
  await cancel.click();
  await arrive(`${BASE}/cancel`);
});
