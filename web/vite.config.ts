// Vite build for the web app. The PWA plugin (vite-plugin-pwa, injectManifest) is added by a later issue;
// keep `build.outDir` at dist/ because the API server serves that folder with an index.html fallback.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import process from "node:process";
import { preloadPublicPages } from "./build/preload-public-pages.ts";

const API_TARGET = process.env.API_TARGET ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react(), preloadPublicPages()],
  server: {
    // The dev server only serves the web; every /api call goes to the Deno server.
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
  },
});
