/**
 * The two sides meet only through the shared rules member and the contract (decision 0055): web/src imports
 * nothing from api/ by a relative path (it names `@apca/rules/...`, or `@api/contract` for types), api/
 * imports nothing from web/, and the member itself (api/rules/) imports nothing outside its folder, so both
 * sides can take it whole. The allowlist only shrinks: the tests left on it start the API from a web test or
 * read the build's banner line; the message tables now live in the member (issue 22).
 */
import { assertEquals } from "./testing/assert.ts";

const ROOT = new URL("../../", import.meta.url);

/** Files that still cross, each with why. Remove a line when its file stops crossing; never add one. */
const ALLOWED = new Set([
  // Starts the API to replay the offline outbox against it.
  "web/src/offline/outbox.model.test.ts",
  // Checks the server's start banner against the build's own line (web/build/quiet-build.ts).
  "api/src/start-banner.test.ts",
]);

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) yield* sources(`${path}/`);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

/** Where a relative specifier of `file` lands, from the repository root ('api/src/x.ts'). */
function target(file: string, specifier: string): string {
  return new URL(specifier, new URL(file, ROOT)).href.slice(ROOT.href.length);
}

/** The relative imports of the files under `dir` that land where `crosses` says they may not. */
export async function crossings(
  dir: string,
  crosses: (file: string, to: string) => boolean,
): Promise<string[]> {
  const found: string[] = [];
  for await (const file of sources(dir)) {
    const code = (await Deno.readTextFile(new URL(file, ROOT))).replace(/\/\*[\s\S]*?\*\//g, "");
    for (const [, specifier] of code.matchAll(SPECIFIER)) {
      if (!specifier.startsWith(".")) continue;
      const to = target(file, specifier);
      if (crosses(file, to)) found.push(`${file} → ${to}`);
    }
  }
  return found.filter((line) => !ALLOWED.has(line.split(" → ")[0])).sort();
}

Deno.test("web/src imports nothing from api/ by a relative path", async () => {
  assertEquals(await crossings("web/src/", (_, to) => to.startsWith("api/")), []);
});

Deno.test("api/ imports nothing from web/", async () => {
  assertEquals(await crossings("api/", (_, to) => to.startsWith("web/")), []);
});

Deno.test("the shared rules member imports nothing outside api/rules/", async () => {
  assertEquals(await crossings("api/rules/", (_, to) => !to.startsWith("api/rules/")), []);
});

Deno.test("the allowlist names only files that still cross", async () => {
  const crossing = new Set<string>();
  for (const [dir, side] of [["web/src/", "api/"], ["api/", "web/"]]) {
    for await (const file of sources(dir)) {
      const code = (await Deno.readTextFile(new URL(file, ROOT))).replace(/\/\*[\s\S]*?\*\//g, "");
      for (const [, specifier] of code.matchAll(SPECIFIER)) {
        if (specifier.startsWith(".") && target(file, specifier).startsWith(side)) crossing.add(file);
      }
    }
  }
  assertEquals([...ALLOWED].filter((file) => !crossing.has(file)), []);
});

Deno.test("a relative import from web/src into api/ is seen", () => {
  assertEquals(target("web/src/lib/x.ts", "../../../api/src/lib/dates.ts"), "api/src/lib/dates.ts");
  assertEquals(target("web/src/lib/x.ts", "./dates.ts"), "web/src/lib/dates.ts");
});
