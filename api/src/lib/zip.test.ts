/** The STORE-only zip writer: CRC-32 as the zip format defines it, and an archive whose directory finds each entry. */
import { assertEquals } from "../testing/assert.ts";
import { readZip } from "../testing/zip.ts";
import { crc32, zipStream } from "./zip.ts";

Deno.test("zip: CRC-32 check value and a readable archive", async () => {
  assertEquals(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  const files = [["a.pdf", "%PDF-one"], ["b.pdf", "%PDF-second file"]] as const;
  const zip = new Uint8Array(
    await new Response(zipStream(files.map(([name, text]) => ({
      name,
      bytes: () => Promise.resolve(new TextEncoder().encode(text)),
    })))).arrayBuffer(),
  );
  // The central directory leads to each local header; the stored bytes come back as written, CRCs matching.
  const read = readZip(zip);
  assertEquals([...read.keys()], files.map(([name]) => name));
  for (const [name, text] of files) assertEquals(new TextDecoder().decode(read.get(name)), text);
});
