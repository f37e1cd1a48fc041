/** The binary COPY framing is stripped exactly, wherever the driver's chunks happen to split it. */
import { assertEquals, assertThrows } from "../testing/assert.ts";
import { CopyRecords } from "./copy.ts";

const encoder = new TextEncoder();

/** PostgreSQL's binary COPY of one text column holding `values`. */
function binaryCopy(values: string[]): Uint8Array {
  const parts: number[] = [
    0x50,
    0x47,
    0x43,
    0x4f,
    0x50,
    0x59,
    0x0a,
    0xff,
    0x0d,
    0x0a,
    0x00,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  for (const v of values) {
    const bytes = encoder.encode(v);
    const n = bytes.length;
    parts.push(0, 1, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...bytes);
  }
  parts.push(0xff, 0xff);
  return new Uint8Array(parts);
}

Deno.test("copy: records come out unchanged and counted, however the stream is cut", () => {
  const values = ['"a","b\\\\c"\r\n', '"line\r\nbreak","é ✓"\r\n', "\r\n", '42,"\'=1+1"\r\n'];
  const stream = binaryCopy(values);
  const expected = values.join("");
  for (let cut = 1; cut < stream.length; cut++) {
    const records = new CopyRecords();
    const out = [records.decode(stream.subarray(0, cut)), records.decode(stream.subarray(cut))];
    assertEquals(out.map((b) => new TextDecoder().decode(b)).join(""), expected, `cut at ${cut}`);
    assertEquals([records.rows, records.complete], [4, true]);
  }
  const byByte = new CopyRecords();
  let text = "";
  for (const b of stream) {
    text += new TextDecoder().decode(byByte.decode(new Uint8Array([b])), { stream: true });
  }
  assertEquals([text, byByte.rows], [expected, 4]);
});

Deno.test("copy: a stream that is not a binary COPY, or is cut short, is not taken for a file", () => {
  assertThrows(
    () => new CopyRecords().decode(encoder.encode("id,name\r\n1,Ann\r\n.........")),
    Error,
    "Not a binary COPY",
  );
  const records = new CopyRecords();
  records.decode(binaryCopy(["x\r\n"]).subarray(0, 25));
  assertEquals(records.complete, false);
});
