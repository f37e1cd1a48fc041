/**
 * A lint as a test for where SQL lives (docs/decisions/0020-one-way.md): a domain's queries are in
 * `<domain>/queries.ts`; its services, routes and jobs call them. Infrastructure that owns its own tables
 * (lib/: jobs, idempotency keys, the audit log; integrations/: the mail outbox, the payment sandbox, the i3
 * simulator; db/) keeps its SQL in the one module that owns the table, and test code (tests, drills) may write
 * anything.
 */
import { assertEquals, assertOk } from "./testing/assert.ts";

const SRC = new URL("./", import.meta.url);

/** Files that still hold SQL outside queries.ts, with why; the test fails once one has none, so it only shrinks. */
const NOT_MOVED_YET: Record<string, string> = {};

const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)\(|\bsql`/;

/** The lines of `source` that build SQL. */
export const sqlLines = (source: string) => source.split("\n").filter((line) => QUERY.test(line));

const exempt = (rel: string) =>
  rel.endsWith("/queries.ts") || rel.endsWith(".test.ts") || rel.endsWith(".drill.ts") ||
  rel.endsWith("test-helpers.ts") ||
  /^(lib|integrations|db|testing)\//.test(rel) || rel === "seed.ts" || rel.startsWith("seed/");

async function* sourceFiles(dir: URL, path = ""): AsyncGenerator<[string, URL]> {
  for await (const entry of Deno.readDir(dir)) {
    const rel = path + entry.name;
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), `${rel}/`);
    else if (entry.name.endsWith(".ts")) yield [rel, new URL(entry.name, dir)];
  }
}

Deno.test("SQL lives in <domain>/queries.ts", async (t) => {
  await t.step("the scan sees query builders and raw SQL, not look-alikes", () => {
    const bad = [
      `const row = await db.selectFrom("users").select("id")`,
      `await trx.insertInto("orders").values(row)`,
      `await trx.updateTable("sessions").set({ revoked_at: now })`,
      "await sql`select 1`.execute(db)",
    ];
    for (const line of bad) assertEquals(sqlLines(line), [line]);
    for (const line of [`await listOwnCards(db, id)`, `// selectFrom the users`, `const sqlText = "x"`]) {
      assertEquals(sqlLines(line), [], line);
    }
  });

  await t.step("no service, route or job outside queries.ts builds SQL", async () => {
    const offenders: string[] = [];
    let scanned = 0;
    const seen = new Set<string>();
    for await (const [rel, url] of sourceFiles(SRC)) {
      seen.add(rel);
      if (exempt(rel)) continue;
      scanned++;
      const found = sqlLines(await Deno.readTextFile(url));
      if (rel in NOT_MOVED_YET) {
        assertOk(found.length > 0, `${rel} has no SQL left: remove it from NOT_MOVED_YET`);
      } else {
        offenders.push(...found.map((line) => `${rel}: ${line.trim()}`));
      }
    }
    const gone = Object.keys(NOT_MOVED_YET).filter((rel) => !seen.has(rel));
    assertEquals(gone, [], "these files no longer exist: remove them from NOT_MOVED_YET");
    assertOk(scanned > 40, `scanned ${scanned} files: the walk found the sources`);
    assertEquals(offenders, [], "move these into the domain's queries.ts");
  });
});
