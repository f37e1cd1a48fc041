/**
 * The templates as documented (decision 0084, docs/imports/README.md): each kind has its section in the README
 * and an example file whose header is the template's columns in order, and whose every row passes the row
 * checks that need no database.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { records } from "./csv.ts";
import { KINDS, parseRow, TEMPLATES } from "./fields.ts";

const DOCS = new URL("../../../docs/imports/", import.meta.url);

Deno.test("imports: every kind's template is documented with an example file that reads clean", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", DOCS));
  for (const kind of KINDS) {
    const at = readme.indexOf(`## ${kind}.csv`);
    assertOk(at >= 0, `README.md has a section for ${kind}`);
    const section = readme.slice(at).split(/\n## /)[0];
    const names = TEMPLATES[kind].map((f) => f.name);
    for (const name of names) {
      assertOk(new RegExp(`\\b${name}\\b`).test(section), `README.md's ${kind} section names ${name}`);
    }
    const file = await Deno.open(new URL(`${kind}.csv`, DOCS));
    const mapping = Object.fromEntries(names.map((n, i) => [n, i]));
    let rows = 0;
    for await (const r of records(file.readable, "utf-8", ",")) {
      if (r.number === 1) {
        assertEquals(r.cells, names, `${kind}.csv's header is the template`);
        continue;
      }
      rows++;
      const parsed = parseRow(kind, r.cells, mapping, { date: "YYYY-MM-DD", phone: "as_written" });
      assertEquals(parsed.error, null, `${kind}.csv row ${r.number}`);
    }
    assertOk(rows >= 2, `${kind}.csv has example rows`);
  }
});
