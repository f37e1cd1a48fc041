/** The OpenAPI document and a small self-contained viewer for people (no CDN: it must work offline). */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";
import { viewerHtml } from "./viewer.ts";

/** `document` is built lazily from the finished app, which mounts this router. */
export function docsRoutes(document: () => unknown) {
  return new Hono<AppEnv>()
    .get(
      "/openapi.json",
      allow("public"),
      describe({ summary: "This API's OpenAPI 3.1 document", tags: ["Docs"] }),
      (c) => c.json(document() as Record<string, unknown>, 200),
    )
    .get(
      "/docs",
      allow("public"),
      describe({
        summary: "A page that shows the OpenAPI document to people",
        tags: ["Docs"],
        produces: "text/html",
      }),
      (c) => {
        // The viewer is one self-contained page; its inline script and styles run by a fresh nonce only.
        const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
        c.header(
          "Content-Security-Policy",
          `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
            "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        );
        return c.html(viewerHtml(nonce));
      },
    );
}
