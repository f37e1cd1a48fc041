/**
 * A lint as a test for thin handlers (issue 22 item 4, docs/decisions/0052-one-way-for-the-rest.md): a route file
 * (`*routes.ts`) calls its domain's service functions and never imports a `queries.ts` as a value. The allowlist
 * holds today's offenders exactly, in domains still being restructured; the test also fails when a listed file
 * no longer offends, so the list only shrinks and ends empty.
 */
import { assertEquals } from "./testing/assert.ts";

const SRC = new URL("./", import.meta.url);

const ALLOWED: string[] = [];

async function* routeFiles(dir: URL, prefix = ""): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) yield* routeFiles(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
    else if (entry.name.endsWith("routes.ts")) yield `${prefix}${entry.name}`;
  }
}

/** A value import of a queries.ts (type-only imports are left out). */
const QUERIES_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+"[^"]*queries\.ts";/gms;

Deno.test("route files call services, never a queries.ts (allowlist only shrinks)", async () => {
  const offenders: string[] = [];
  for await (const path of routeFiles(SRC)) {
    const text = await Deno.readTextFile(new URL(path, SRC));
    if ([...text.matchAll(QUERIES_IMPORT)].length > 0) offenders.push(path);
  }
  assertEquals(offenders.sort(), [...ALLOWED].sort());
});
