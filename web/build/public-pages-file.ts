/**
 * Vite plugin: writes the public pages (src/app/public-pages.ts) to dist/public-pages.json, so that the
 * server, which ships only dist/, knows them: it answers 404 for any other path outside /app and lists the
 * `listed` pages in /sitemap.xml (api/src/site/routes.ts). Not precached: the service worker has no use for it.
 */
import type { Plugin } from "vite";
import { PUBLIC_PAGES } from "../src/app/public-pages.ts";

export const PUBLIC_PAGES_FILE = "public-pages.json";

export function publicPagesFile(): Plugin {
  return {
    name: "apca-public-pages-file",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: PUBLIC_PAGES_FILE, source: JSON.stringify(PUBLIC_PAGES) });
    },
  };
}
