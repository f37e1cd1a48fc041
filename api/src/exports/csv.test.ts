/** CSV escaping (RFC 4180) and formula neutralisation, edge case by edge case, read back by a strict parser. */
import { assertEquals } from "../testing/assert.ts";
import { csvCell, csvLine } from "./csv.ts";
import { parseCsv } from "./test-helpers.ts";

Deno.test("csv: text is quoted with its quotes doubled, other values bare, records end in CRLF", () => {
  assertEquals(csvCell("plain"), '"plain"');
  assertEquals(csvCell('say "hi"'), '"say ""hi"""');
  assertEquals(csvCell("a,b"), '"a,b"');
  assertEquals(csvCell("line\nbreak"), '"line\nbreak"');
  assertEquals(csvCell("cr\r\nlf"), '"cr\r\nlf"');
  assertEquals(csvCell(null), "", "null is an empty field");
  assertEquals(csvCell(undefined), "");
  assertEquals(csvCell(""), '""', "an empty text stays distinguishable from null");
  assertEquals(csvCell(42), "42");
  assertEquals(csvCell(true), "true");
  assertEquals(csvCell(new Date("2026-11-24T10:00:00Z")), "2026-11-24T10:00:00.000Z");
  assertEquals(csvLine(["a", null, 'x"y', 7]), '"a",,"x""y",7\r\n');
});

Deno.test("csv: cells that a spreadsheet would run as a formula start with an apostrophe", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
    assertEquals(csvCell(`${start}SUM(A1:A9)`), `"'${start}SUM(A1:A9)"`, JSON.stringify(start));
  }
  assertEquals(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assertEquals(csvCell("a=b"), '"a=b"', "only a leading sign matters");
  assertEquals(csvCell(-5), "-5", "numbers we write stay numbers");
});

Deno.test("csv: unicode passes through unchanged and every field reads back as written", () => {
  const row = ["Zoë Ångström", "日本語", "emoji 🚢", 'q"uo,te', "multi\r\nline", "=1+1", "", "-3"];
  const text = csvLine(row) + csvLine(["second", null, 1, 2, 3, 4, 5, 6]);
  const parsed = parseCsv(text);
  assertEquals(parsed, [
    ["Zoë Ångström", "日本語", "emoji 🚢", 'q"uo,te', "multi\r\nline", "'=1+1", "", "'-3"],
    ["second", "", "1", "2", "3", "4", "5", "6"],
  ]);
});
