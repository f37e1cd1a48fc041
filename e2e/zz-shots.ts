import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser.ts";
import { signIn } from "./support/second-factor.ts";
const base = "http://localhost:8300";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const [who, width, ...paths] = Deno.args;
const [email, password] = who.split(":");
const context = await browser.newContext({ baseURL: base, viewport: { width: Number(width), height: 900 } });
await signIn(context.request, { email, password });
const page = await context.newPage();
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  const name = `/work/review/${email.split("@")[0]}-${width}-${p.replaceAll("/", "_")}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name, "scrollWidth", sw);
}
await browser.close();
