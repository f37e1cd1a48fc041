/**
 * A lint as a test for the one place of a domain's administrator endpoints (docs/decisions/0020-one-way.md):
 * a route only administrators may call is declared in `<domain>/admin-routes.ts`, never in `<domain>/routes.ts`,
 * and the domain's routes.ts mounts it (as memberships/ does). Every route declares who may call it with one
 * `allow(...)` (lib/access.ts; app.test.ts fails on a route without one), so reading the declarations is exact.
 */
import { assertEquals, assertOk } from "./testing/assert.ts";

const SRC = new URL("./", import.meta.url);

/**
 * Domains whose admin routes have not moved yet, with why; the test fails once one has none left, so this list
 * only shrinks.
 */
const NOT_MOVED_YET: Record<string, string> = {};

/** The `allow(...)` declarations in a source file, as the lists of roles they name. */
export function accessDeclarations(source: string): string[][] {
  return [...source.matchAll(/\ballow\(([^)]*)\)/g)].map((m) =>
    [...m[1].matchAll(/["'`](\w+)["'`]/g)].map((r) => r[1])
  );
}

const adminOnly = (roles: string[]) => roles.length > 0 && roles.every((r) => r === "admin");

async function domainFile(domain: string, name: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(new URL(`${domain}/${name}`, SRC));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

async function domains(): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(SRC)) if (entry.isDirectory) found.push(entry.name);
  return found.sort();
}

Deno.test("admin endpoints live in <domain>/admin-routes.ts", async (t) => {
  await t.step("the scan reads each way of declaring access", () => {
    assertEquals(
      accessDeclarations(
        `get("/a", allow("admin"), h).post("/b", allow( 'user' ), h).put("/c", allow("der", "admin"))`,
      ),
      [["admin"], ["user"], ["der", "admin"]],
    );
    assertEquals([["admin"], ["user"], ["der", "admin"]].map(adminOnly), [true, false, false]);
  });

  const all = await domains();
  assertOk(all.includes("memberships") && all.includes("orders"), "the walk found the domains");

  await t.step("no routes.ts declares an administrator-only route", async () => {
    const offenders: string[] = [];
    for (const domain of all) {
      const source = await domainFile(domain, "routes.ts");
      if (source === null) continue;
      const count = accessDeclarations(source).filter(adminOnly).length;
      const file = `${domain}/routes.ts`;
      if (file in NOT_MOVED_YET) {
        assertOk(count > 0, `${file} has no admin-only route left: remove it from NOT_MOVED_YET`);
      } else if (count > 0) {
        offenders.push(`${file}: ${count} allow("admin") route(s); move them to ${domain}/admin-routes.ts`);
      }
    }
    assertEquals(offenders, []);
  });

  await t.step(
    "each admin-routes.ts declares only administrator routes and its routes.ts mounts it",
    async () => {
      let seen = 0;
      for (const domain of all) {
        const source = await domainFile(domain, "admin-routes.ts");
        if (source === null) continue;
        seen++;
        const declarations = accessDeclarations(source);
        assertOk(declarations.length > 0, `${domain}/admin-routes.ts declares no route`);
        assertEquals(
          declarations.filter((d) => !adminOnly(d)),
          [],
          `${domain}/admin-routes.ts: non-admin routes`,
        );
        const routes = await domainFile(domain, "routes.ts");
        assertOk(
          routes?.includes(`from "./admin-routes.ts"`),
          `${domain}/routes.ts must import and mount ./admin-routes.ts`,
        );
      }
      assertOk(seen >= 5, `found ${seen} admin-routes.ts files`);
    },
  );
});
