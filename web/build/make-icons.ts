/**
 * Draws the PWA icons from web/public/favicon.svg into web/public/icons/ (committed; run again only when the
 * logo changes): `deno run -A web/build/make-icons.ts` from the repository root. Needs Debian's Chromium.
 *
 * - icon-192.png, icon-512.png (purpose "any"): the favicon as it is, rounded corners transparent.
 * - maskable-512.png (purpose "maskable") and apple-touch-icon.png (180 px, iOS rounds it itself): the same
 *   drawing with square corners, so the platform's mask never cuts into a transparent corner. The mark (a white
 *   shield with an anchor, "APCA" below it) keeps within about 35 % of the width from the centre (the corners of
 *   the word's last line), inside the maskable safe zone (a circle of radius 40 %, i.e. the central 80 %).
 */
// A one-off tool: the web app does not depend on Playwright, e2e/ does (this is the version its deno.json pins).
// deno-lint-ignore no-import-prefix
import { chromium } from "npm:@playwright/test@1.65.1";
import { fileURLToPath } from "node:url";

const PUBLIC = fileURLToPath(new URL("../public/", import.meta.url));
const favicon = await Deno.readTextFile(`${PUBLIC}favicon.svg`);

const square = favicon.replace(/ rx="[^"]*"/, "");
if (square === favicon) throw new Error("favicon.svg: expected a rounded <rect rx=…> background");

const icons: { file: string; size: number; svg: string }[] = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  { file: "maskable-512.png", size: 512, svg: square },
  { file: "apple-touch-icon.png", size: 180, svg: square },
];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await Deno.mkdir(`${PUBLIC}icons`, { recursive: true });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const png = await page.locator("svg").screenshot({ omitBackground: true, type: "png" });
    await Deno.writeFile(`${PUBLIC}icons/${file}`, png);
    console.info(`web/public/icons/${file} ${size}x${size} ${png.byteLength} bytes`);
  }
} finally {
  await browser.close();
}
