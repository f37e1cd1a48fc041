// Vite build for the web app, with the installable offline PWA (vite-plugin-pwa, injectManifest: src/sw.ts is
// built to dist/sw.js with the precache list of the files below; see docs/decisions/0013-service-worker.md).
// Keep `build.outDir` at dist/ because the API server serves that folder with an index.html fallback.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import process from "node:process";
import { preloadPublicPages } from "./build/preload-public-pages.ts";
import { initialJsBudget } from "./build/initial-js-budget.ts";
import { publicPagesFile } from "./build/public-pages-file.ts";
import { SIGNED_IN_HTML, signedInHtmlFile } from "./build/signed-in-html.ts";
import { PRECACHE_BUDGET_BYTES, precacheBudget } from "./build/precache-budget.ts";
import { rulesAliases } from "./build/rules-alias.ts";
import { signedInChunks } from "./build/signed-in-chunks.ts";

const signedIn = signedInChunks();

const API_TARGET = process.env.API_TARGET ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [
    react(),
    signedIn.plugin,
    preloadPublicPages(),
    publicPagesFile(),
    signedInHtmlFile(),
    initialJsBudget(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      // src/pwa/register.ts registers /sw.js itself (production builds only) and drives the update prompt.
      injectRegister: false,
      manifest: {
        // The app's identity for the browser: kept when start_url changes, so an installed app is updated in
        // place rather than seen as another app.
        id: "/app",
        name: "APCA Portal",
        short_name: "APCA",
        description:
          "APCA drug-testing consortium for mariners and maritime companies: membership, tests and Letter of Compliance.",
        start_url: "/app",
        scope: "/",
        display: "standalone",
        theme_color: "#0a2540",
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      // The icons come from the glob below, so that they count towards the precache budget; listing them
      // here as well would precache each twice. The plugin adds manifest.webmanifest (0.5 kB) itself.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell: index.html, every script and stylesheet (each lazily loaded screen too, so any
        // screen opens offline), the favicon and icons, fonts if any. sw.js itself is left out by Workbox.
        globPatterns: ["**/*.{html,js,css,svg,png,ico,woff2}"],
        // The server's page for /app (build/signed-in-html.ts); offline, index.html serves every path.
        globIgnores: [SIGNED_IN_HTML],
        maximumFileSizeToCacheInBytes: PRECACHE_BUDGET_BYTES,
        manifestTransforms: [precacheBudget()],
      },
    }),
  ],
  // The shared rules member, `@apca/rules/...` (decision 0055): Vite does not read Deno's workspace.
  resolve: { alias: rulesAliases() },
  server: {
    // The dev server only serves the web; every /api call goes to the Deno server.
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The signed-in first visit downloads two files, not thirty (build/signed-in-chunks.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: signedIn.groups, includeDependenciesRecursively: false } },
    },
  },
});
