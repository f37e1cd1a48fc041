/**
 * The README a newcomer reads first (issue 26 item 5): every link in it stays inside the repository and names a
 * file or folder that exists, no path in it climbs out of the repository (`../`), and it says what a start does
 * and how to stop the server.
 */
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals, assertMatch, assertOk } from "./testing/assert.ts";

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), "..", ".."));

/** Link targets of Markdown links, reference definitions, autolinks and HTML href/src attributes. */
export function linkTargets(markdown: string): string[] {
  return [
    ...[...markdown.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...markdown.matchAll(/<((?:https?|ftp|mailto):[^>\s]+)>/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ];
}

/** Why a link target leaves the repository (or names nothing in it), or null when it is fine. */
export function outsideRepository(target: string, root: string, fileDir: string): string | null {
  if (target.startsWith("#")) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) {
    return `${target} is outside the repository`;
  }
  const path = normalize(join(target.startsWith("/") ? root : fileDir, target.split("#")[0]));
  const rel = relative(root, path);
  if (rel.startsWith("..")) return `${target} climbs out of the repository`;
  return null;
}

Deno.test("README: no link leaves the repository; it says what a start does and how to stop", async (t) => {
  const readme = await Deno.readTextFile(join(ROOT, "README.md"));

  await t.step("the link scan finds every kind of link", () => {
    assertEquals(
      linkTargets('[a](docs/x.md) [b](<../y> "t") <https://e.test/> <a href="/z">\n[r]: ../r.md'),
      ["docs/x.md", "../y", "../r.md", "https://e.test/", "/z"],
    );
    assertEquals(
      outsideRepository("../shared/spec/", "/repo", "/repo"),
      "../shared/spec/ climbs out of the repository",
    );
    assertEquals(
      outsideRepository("https://example.test", "/repo", "/repo"),
      "https://example.test is outside the repository",
    );
    assertEquals(outsideRepository("docs/decisions/", "/repo", "/repo"), null);
  });

  await t.step("every link stays inside and names something that exists", async () => {
    const targets = linkTargets(readme);
    assertOk(targets.length > 5, `found ${targets.length} links`);
    const problems = targets.map((t) => outsideRepository(t, ROOT, ROOT)).filter((p) => p !== null);
    assertEquals(problems, []);
    const missing: string[] = [];
    for (const target of targets.filter((t) => !t.startsWith("#"))) {
      try {
        await Deno.stat(join(ROOT, target.split("#")[0]));
      } catch {
        missing.push(target);
      }
    }
    assertEquals(missing, []);
  });

  await t.step("no path in the text climbs out of the repository", () => {
    assertEquals([...readme.matchAll(/(^|[\s`'"(])\.\.\/\S*/g)].map((m) => m[0].trim()), []);
  });

  await t.step("it says what the first start does, that each start rebuilds the web, and how to stop", () => {
    assertMatch(readme, /every start[^.]*rebuilds the web app/i);
    assertMatch(readme, /the first one downloads/i);
    assertMatch(readme, /To stop the server, press Ctrl\+C/);
    assertMatch(readme, /listens on 127\.0\.0\.1/);
    // Quiet: `deno task` lists every package it installs on a fresh clone unless asked not to.
    assertMatch(readme, /\n```sh\nnpx -y --prefer-offline deno@[\d.]+ task -q start\n```/);
  });
});
