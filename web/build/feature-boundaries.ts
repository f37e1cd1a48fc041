/**
 * The web's import rules, checked by feature-boundaries.test.ts over every file of web/src:
 * - a feature (`features/<x>/`, named as the API's domain) owns its calls, rules and parts; another feature may
 *   use them (the membership screens pay with `features/payments`), but the features' import graph has no
 *   cycle, so each stands above the ones it uses (decision 0054);
 * - only `app/` (the route table, the layouts, the preload) and features import features; `lib/`,
 *   `components/`, `offline/`, `pwa/` and the entry files never do: they are the domain-free house below;
 * - no feature imports the route table (`app/routes.tsx`, `app/routes/`) that loads it: a page's props come
 *   from `lib/page-props.ts`;
 * - the API's types come through the `@api/contract` alias as `import type` (or `export type`) only: a value
 *   import would bundle server code. No file reaches into api/ any other way (tests may: one starts the API).
 * Pure functions over `{ path: source }`, so the test can show each rule refusing a bad import.
 */

/** The alias web/deno.json maps to api/src/contract.ts. */
export const CONTRACT = "@api/contract";

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

export interface ImportLine {
  specifier: string;
  /** `import type …` or `export type …`: erased from the bundle. */
  typeOnly: boolean;
}

// Static imports and re-exports (`import … from "x"`, `import "x"`, `export … from "x"`) and dynamic or type
// imports (`import("x")`). Comments are dropped first so an example in a header does not count.
const STATIC =
  /(?:^|[;\s])(import|export)(\s+type\b)?[^;"'`=()]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\s])import\s*["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/[^\n]*/g, "$1");
}

/** Every module a source file names, with whether the import is erased (type-only). */
export function importsOf(source: string): ImportLine[] {
  const code = withoutComments(source);
  const found: ImportLine[] = [];
  for (const m of code.matchAll(STATIC)) {
    found.push({ specifier: m[3] ?? m[4], typeOnly: Boolean(m[2]) });
  }
  for (const m of code.matchAll(DYNAMIC)) found.push({ specifier: m[1], typeOnly: false });
  return found;
}

/** `features/account/api.ts` → `features/account`; `lib/api.ts` → `lib`; `main.tsx` → `main.tsx`. */
export function zoneOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "features" && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

/** Resolves a relative specifier from `from` (both relative to web/src); null when it leaves web/src. */
export function resolve(from: string, specifier: string): string | null {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

/** The rule a file breaks by importing `line`, or null. `file` is relative to web/src. */
export function check(file: string, line: ImportLine): string | null {
  const { specifier } = line;
  if (specifier === CONTRACT) {
    return line.typeOnly ? null : `the API contract is imported with "import type" only`;
  }
  if (!specifier.startsWith(".")) return null; // a package
  const target = resolve(file, specifier);
  if (target === null) {
    // A test may start the real API (offline/outbox.model.test.ts); the app itself never reaches outside.
    if (file.endsWith(".test.ts")) return null;
    return `nothing outside web/src is imported (the API's types come from ${CONTRACT})`;
  }
  const from = zoneOf(file);
  const to = zoneOf(target);
  if (from.startsWith("features/") && (target === "app/routes.tsx" || target.startsWith("app/routes/"))) {
    return `${from} does not import the route table that loads it: a page's props are lib/page-props.ts`;
  }
  if (!to.startsWith("features/") || from === to) return null;
  if (from.startsWith("features/") || from === "app") return null; // features' cycles: see featureCycles
  return `only app/ and features import features; ${from} does not import from ${to}`;
}

/**
 * The imports between features that close a cycle: every edge `features/x → features/y` whose two ends reach
 * each other. One violation per edge, named by its first importing file.
 */
export function featureCycles(files: Record<string, string>): Violation[] {
  const edges = new Map<string, Map<string, Violation>>();
  for (const [file, source] of Object.entries(files)) {
    const from = zoneOf(file);
    if (!from.startsWith("features/")) continue;
    for (const { specifier } of importsOf(source)) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(file, specifier);
      const to = target === null ? "" : zoneOf(target);
      if (!to.startsWith("features/") || to === from) continue;
      const out = edges.get(from) ?? new Map<string, Violation>();
      edges.set(from, out);
      if (!out.has(to)) {
        out.set(to, {
          file,
          specifier,
          rule: `${from} and ${to} import each other (a cycle between features)`,
        });
      }
    }
  }
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const zone = stack.pop()!;
      if (zone === goal) return true;
      if (seen.has(zone)) continue;
      seen.add(zone);
      stack.push(...(edges.get(zone)?.keys() ?? []));
    }
    return false;
  };
  const found: Violation[] = [];
  for (const [from, out] of edges) {
    for (const [to, violation] of out) if (reaches(to, from)) found.push(violation);
  }
  return found;
}

/** Every broken rule in a set of files (`path` relative to web/src → source). */
export function violations(files: Record<string, string>): Violation[] {
  const found: Violation[] = [];
  for (const [file, source] of Object.entries(files)) {
    for (const line of importsOf(source)) {
      const rule = check(file, line);
      if (rule) found.push({ file, specifier: line.specifier, rule });
    }
  }
  return [...found, ...featureCycles(files)];
}
