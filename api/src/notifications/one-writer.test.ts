/**
 * A lint as a test: only notifications/ writes the notifications table (docs/decisions/0019). Anything else
 * calls notify() or markPausesResumed(), so every notification has a typed meta. Test code (set-up and clean-up)
 * may write it directly, and so may the scale data set (seed-scale/), which fills 250,000 members' worth of rows
 * with set-based SQL for the benchmarks and never runs in the product.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";

const SRC = new URL("../", import.meta.url);

/** Kysely writes (`insertInto("notifications")`, also with an alias) and raw SQL writes of the table. */
const WRITES = [
  /\.(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*["'`]notifications(\s+as\s+\w+)?["'`]/,
  /\b(insert\s+into|update|delete\s+from|merge\s+into)\s+(public\.)?notifications\b/i,
];

/** The lines of `source` that write the notifications table. */
export function directWrites(source: string): string[] {
  return source.split("\n").filter((line) => WRITES.some((w) => w.test(line)));
}

async function* sourceFiles(dir: URL, path = ""): AsyncGenerator<[string, URL]> {
  for await (const entry of Deno.readDir(dir)) {
    const rel = path + entry.name;
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), `${rel}/`);
    else if (entry.name.endsWith(".ts")) yield [rel, new URL(entry.name, dir)];
  }
}

const isTestCode = (rel: string) =>
  rel.endsWith(".test.ts") || rel.startsWith("testing/") || rel.endsWith("test-helpers.ts") ||
  rel.startsWith("seed-scale/");

Deno.test("notifications: no code outside notifications/ writes the table", async (t) => {
  await t.step("the scan recognises each way of writing the table", () => {
    const bad = [
      `await trx.insertInto("notifications").values({ type: "NEW_ORDER" })`,
      `await trx.updateTable('notifications as n').set({ archived_at: now })`,
      "db.deleteFrom(`notifications`).execute()",
      "await sql`update notifications set meta = '{}'`.execute(db)",
      "await sql`INSERT INTO notifications (type) values ('NEW_ORDER')`.execute(db)",
    ];
    for (const line of bad) assertEquals(directWrites(line), [line]);
    const fine = [
      `db.selectFrom("notifications").selectAll()`,
      `trx.insertInto("registration_notifications").values(row)`,
      `await notify(trx, { type: "NEW_ORDER" })`,
      "// the notifications table is written by notify()",
    ];
    for (const line of fine) assertEquals(directWrites(line), [], line);
  });

  await t.step("api/src outside notifications/ and test code has no direct write", async () => {
    const offenders: string[] = [];
    let scanned = 0;
    for await (const [rel, url] of sourceFiles(SRC)) {
      if (rel.startsWith("notifications/") || isTestCode(rel)) continue;
      scanned++;
      for (const line of directWrites(await Deno.readTextFile(url))) offenders.push(`${rel}: ${line.trim()}`);
    }
    assertOk(scanned > 50, `scanned ${scanned} files: the walk found the sources`);
    assertEquals(offenders, [], "call notify() or markPausesResumed() from notifications/queries.ts instead");
  });
});
