import assert from "node:assert/strict";
import { type ModuleGraph, signedInGroups } from "./signed-in-chunks.ts";

/** A module graph from `id: [static imports]` and `id: [dynamic imports]`. */
function graph(imports: Record<string, string[]>, dynamic: Record<string, string[]> = {}): ModuleGraph {
  return {
    ids: () => Object.keys(imports),
    imports: (id) => imports[id] ?? [],
    dynamicImports: (id) => dynamic[id] ?? [],
  };
}

const R = "/w/src";
// The entry (React and the router with it) lazily opens the shell and the public pages; the shell's dashboard
// draws with a chart of its own and the form helpers the login page uses too.
const modules = graph(
  {
    [`${R}/main.tsx`]: [`${R}/app/app.tsx`, "/n/react.js"],
    [`${R}/app/app.tsx`]: ["/n/react.js"],
    "/n/react.js": [],
    [`${R}/app/app-shell.tsx`]: [`${R}/app/nav.tsx`, `${R}/lib/form.ts`, "/n/react.js"],
    [`${R}/app/nav.tsx`]: [`${R}/app/app.tsx`],
    [`${R}/features/dashboard/dashboard-page.tsx`]: [`${R}/features/dashboard/chart.ts`, `${R}/lib/dates.ts`],
    [`${R}/features/dashboard/chart.ts`]: [],
    [`${R}/lib/form.ts`]: [`${R}/lib/dates.ts`],
    [`${R}/lib/dates.ts`]: [],
    [`${R}/app/routes/public.ts`]: [],
    [`${R}/features/auth/login-page.tsx`]: [`${R}/lib/form.ts`],
    [`${R}/features/public/pages.ts`]: [`${R}/features/public/hero.tsx`],
    [`${R}/features/public/hero.tsx`]: [],
    [`${R}/features/store/store-page.tsx`]: [`${R}/lib/form.ts`],
  },
  {
    [`${R}/app/app.tsx`]: [`${R}/app/app-shell.tsx`],
    [`${R}/app/routes/public.ts`]: [`${R}/features/auth/login-page.tsx`],
  },
);

Deno.test("signed-in chunks: the shell's and the dashboard's own code in one group, what public pages share in another", () => {
  const { signedIn, shared } = signedInGroups(modules);
  assert.deepEqual([...signedIn].sort(), [
    `${R}/app/app-shell.tsx`,
    `${R}/app/nav.tsx`,
    `${R}/features/dashboard/chart.ts`,
    `${R}/features/dashboard/dashboard-page.tsx`,
  ]);
  // The login page needs the form helpers (and their dates): they are shared, so it never loads "signed-in".
  assert.deepEqual([...shared].sort(), [`${R}/lib/dates.ts`, `${R}/lib/form.ts`]);
});

Deno.test("signed-in chunks: the entry's modules and screens opened later stay out of both groups", () => {
  const { signedIn, shared } = signedInGroups(modules);
  for (
    const id of [`${R}/main.tsx`, `${R}/app/app.tsx`, "/n/react.js", `${R}/features/store/store-page.tsx`]
  ) {
    assert.ok(!signedIn.has(id) && !shared.has(id), `${id} was grouped`);
  }
});

Deno.test("signed-in chunks: outside the app's build (no shell in the graph) nothing is grouped", () => {
  const { signedIn, shared } = signedInGroups(
    graph({ [`${R}/sw.ts`]: ["/n/workbox.js"], "/n/workbox.js": [] }),
  );
  assert.equal(signedIn.size + shared.size, 0);
});
