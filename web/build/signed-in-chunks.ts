/**
 * Chunk groups for the signed-in first visit (issue 27 item 4). Left to itself the bundler cuts the code the
 * app shell and the dashboard need into some thirty files of 1-10 kB, one per set of screens sharing a module;
 * app.html preloads them all (signed-in-html.ts), and on a phone's connection each costs a round trip before
 * the dashboard can paint. Two groups put that code into two files instead:
 *
 * - "signed-in": what the app shell and the dashboard import (statically, transitively) and no public page does;
 * - "shared": what they import that a public page imports too (form helpers, dates, money...).
 *
 * The public pages keep their own chunks and never download "signed-in"; other signed-in screens import from
 * the two groups, already loaded by then. Modules the entry imports stay in the entry. The module sets are read
 * from the module graph once it is complete (buildEnd), before the chunks are made.
 */
import type { Plugin } from "vite";

/** The signed-in area's first paint: the shell and the dashboard (the installed app starts at /app). */
const SIGNED_IN_ROOTS = ["/src/app/app-shell.tsx", "/src/features/dashboard/dashboard-page.tsx"];
/** Every public screen is a lazy import of these two modules (the route table and the public pages). */
const PUBLIC_ROUTE_TABLES = ["/src/app/routes/public.ts", "/src/features/public/pages.ts"];
const ENTRY = "/src/main.tsx";

/** What the grouping reads of the module graph: each module's static and dynamic imports. */
export interface ModuleGraph {
  ids(): Iterable<string>;
  imports(id: string): readonly string[];
  dynamicImports(id: string): readonly string[];
}

/** The module sets of the two groups, computed from the graph. */
export function signedInGroups(graph: ModuleGraph): { signedIn: Set<string>; shared: Set<string> } {
  const ids = [...graph.ids()];
  const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
  const closure = (roots: readonly (string | undefined)[]) => {
    const seen = new Set<string>();
    const visit = (id: string | undefined) => {
      if (!id || seen.has(id)) return;
      seen.add(id);
      for (const next of graph.imports(id)) visit(next);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const entry = closure([find(ENTRY)]);
  const publicRoots = PUBLIC_ROUTE_TABLES.flatMap((table) => {
    const id = find(table);
    return id ? [id, ...graph.dynamicImports(id)] : [];
  });
  const publicArea = closure(publicRoots);
  const signedIn = new Set<string>();
  const shared = new Set<string>();
  for (const id of closure(SIGNED_IN_ROOTS.map(find))) {
    if (entry.has(id)) continue;
    (publicArea.has(id) ? shared : signedIn).add(id);
  }
  return { signedIn, shared };
}

/**
 * The plugin that reads the graph, and the groups for `build.rolldownOptions.output.codeSplitting` whose tests
 * ask it. Outside a build (the dev server, the service worker's own build) the sets stay empty and the groups
 * capture nothing.
 */
export function signedInChunks() {
  let sets = { signedIn: new Set<string>(), shared: new Set<string>() };
  const plugin: Plugin = {
    name: "apca-signed-in-chunks",
    apply: "build",
    buildEnd() {
      sets = signedInGroups({
        ids: () => this.getModuleIds(),
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImports: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      });
    },
  };
  const groups = [
    { name: "shared", test: (id: string) => sets.shared.has(id), priority: 2 },
    { name: "signed-in", test: (id: string) => sets.signedIn.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
