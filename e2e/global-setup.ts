/**
 * Runs after Playwright has started the webServer (Playwright 1.65 starts plugins first), so it cannot
 * prepare anything the server needs; it only fails fast, with a clear message, when a prerequisite is missing.
 * The web is built by the root task (`deno task e2e` = `deno task build` + playwright), not here.
 */
import type { FullConfig } from "@playwright/test";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { CHROMIUM_PATH } from "./support/browser.ts";

export default function globalSetup(config: FullConfig): void {
  const index = resolve(dirname(config.configFile ?? "."), "../web/dist/index.html");
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`deno task build\` first.`);
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: apt-get install -y chromium (browsers cannot be downloaded).`,
    );
  }
}
