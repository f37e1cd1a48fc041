/**
 * Vite plugin: writes dist/app.html, the page the server answers for /app and its screens (api/src/app.ts).
 * index.html preloads the public pages' chunk (preload-public-pages.ts), which a signed-in visit never runs:
 * on /app those downloads only compete with the ones its first paint waits for. app.html is index.html with
 * those preloads swapped for the signed-in area's: the app shell and the dashboard (what app/preload.ts
 * imports), their imports and stylesheets, so they download beside the entry instead of after it has run.
 * Two more things start before any script has run: the session probe (a `fetch` preload, which the entry's
 * own request then takes), and the first paint, a "Loading…" line in the root, the same the app draws while
 * the signed-in area's code loads (app/app.tsx), so React replaces it without a shift.
 * Not precached: offline, the service worker answers every page with index.html, which works on any path.
 */
import type { Plugin, Rollup } from "vite";
import { chunkClosure } from "./chunk-closure.ts";

type OutputChunk = Rollup.OutputChunk;
type OutputAsset = Rollup.OutputAsset;

export const SIGNED_IN_HTML = "app.html";

/** What the entry asks first on /app (features/auth/api.ts `ensureSession`). */
const SESSION_PROBE = "/api/auth/session/probe";
/** app/app.tsx's fallback while the signed-in area loads (components/loading.tsx). */
const FIRST_PAINT =
  '<main id="main" class="container main"><p class="loading" role="status" data-loading="">Loading…</p></main>';

const SIGNED_IN_ENTRIES = ["/src/app/app-shell.tsx", "/src/features/dashboard/dashboard-page.tsx"];

/**
 * index.html with every preload the entry does not import itself removed, the given scripts and styles and
 * the session probe preloaded instead, and the loading line drawn in the root.
 */
export function signedInHtml(
  html: string,
  entryImports: readonly string[],
  area: { scripts: readonly string[]; styles: readonly string[] },
): string {
  const keep = new Set(entryImports.map((file) => `/${file}`));
  const stripped = html.replace(
    /\s*<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"[^>]*>/g,
    (link, href: string) => keep.has(href) ? link : "",
  );
  const links = [
    `<link rel="preload" as="fetch" crossorigin href="${SESSION_PROBE}">`,
    ...area.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...area.scripts.filter((file) => !keep.has(`/${file}`)).map((file) =>
      `<link rel="modulepreload" crossorigin href="/${file}">`
    ),
  ];
  return stripped
    .replace("</head>", `${links.map((link) => `\n    ${link}`).join("")}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${FIRST_PAINT}</div>`);
}

export function signedInHtmlFile(): Plugin {
  return {
    name: "apca-signed-in-html",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"] as OutputAsset | undefined;
        if (!index) return;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
        const roots = SIGNED_IN_ENTRIES.map((entry) =>
          // A chunk of its own, or a module of the "signed-in" group's chunk (signed-in-chunks.ts).
          chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(entry)))?.fileName
        );
        if (roots.some((root) => !root)) {
          this.error(`A signed-in entry (${SIGNED_IN_ENTRIES.join(", ")}) is in no chunk.`);
        }
        const entry = chunks.find((chunk) => chunk.isEntry);
        this.emitFile({
          type: "asset",
          fileName: SIGNED_IN_HTML,
          source: signedInHtml(
            String(index.source),
            entry?.imports ?? [],
            chunkClosure(chunks, roots as string[]),
          ),
        });
      },
    },
  };
}
