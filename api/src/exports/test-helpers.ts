/** Test helpers for exports: a strict RFC 4180 reader, so tests read files the way a spreadsheet does. */

/** Records of a CSV text (without a BOM): quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "", record: string[] = [], i = 0, quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += '"', i += 2;
      else if (ch === '"') quoted = false, i++;
      else field += ch, i++;
    } else if (ch === '"' && field === "") quoted = true, i++;
    else if (ch === ",") record.push(field), field = "", i++;
    else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field), records.push(record), record = [], field = "", i += 2;
    } else if (ch === '"' || ch === "\n" || ch === "\r") throw new Error(`bare ${JSON.stringify(ch)} at ${i}`);
    else field += ch, i++;
  }
  if (field !== "" || record.length) throw new Error("the last record has no CRLF");
  return records;
}
