/**
 * The decision records keep their form (docs/decisions/0020-one-way.md): each has a Status and a Date line under
 * its title, and docs/decisions/README.md lists every record once, with the same title, status and date.
 */
import { assertEquals, assertMatch, assertOk } from "./testing/assert.ts";

const DIR = new URL("../../docs/decisions/", import.meta.url);
const STATUS = /^(Proposed|Accepted|Deprecated|Superseded by \[\d{4}\]\(\d{4}-[\w-]+\.md\))$/;

interface Entry {
  number: string;
  file: string;
  title: string;
  status: string;
  date: string;
}

/** A record's number, title, status and date, read from its first lines. */
export function readRecord(file: string, text: string): Entry {
  const lines = text.split("\n");
  const field = (name: string) =>
    lines.slice(1, 8).find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
  return {
    number: file.slice(0, 4),
    file,
    title: lines[0].replace(/^#\s*\d{4}\.?\s*/, ""),
    status: field("Status") ?? "(missing)",
    date: field("Date") ?? "(missing)",
  };
}

Deno.test("decision records: status, date and one index", async (t) => {
  const records: Entry[] = [];
  for await (const entry of Deno.readDir(DIR)) {
    if (/^\d{4}-.+\.md$/.test(entry.name)) {
      records.push(readRecord(entry.name, await Deno.readTextFile(new URL(entry.name, DIR))));
    }
  }
  records.sort((a, b) => a.file.localeCompare(b.file));
  assertOk(records.length >= 14, `found ${records.length} records`);

  await t.step("the reader finds a missing status", () => {
    assertEquals(readRecord("0099-x.md", "# 0099 X\n\nDate: 2026-01-01\n").status, "(missing)");
  });

  await t.step("each record has a known Status and a Date under its title, and a number of its own", () => {
    for (const r of records) {
      assertMatch(r.status, STATUS, `${r.file}: Status`);
      assertMatch(r.date, /^\d{4}-\d{2}-\d{2}$/, `${r.file}: Date`);
    }
    const numbers = records.map((r) => r.number);
    assertEquals(numbers, [...new Set(numbers)], "two records share a number");
  });

  await t.step("README.md lists every record once, as the record says", async () => {
    const index = await Deno.readTextFile(new URL("README.md", DIR));
    const rows = [
      ...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+) \| (.+) \| (\d{4}-\d{2}-\d{2}) \|$/gm),
    ]
      .map(([, number, file, title, status, date]) => ({ number, file, title, status, date }));
    assertEquals(rows, records);
  });
});
