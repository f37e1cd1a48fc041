/** The STORE-only zip writer: CRC-32 as the zip format defines it, and an archive whose directory finds each entry. */
import { assertEquals } from "../testing/assert.ts";
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
  const view = new DataView(zip.buffer);
  const end = zip.length - 22;
  assertEquals(view.getUint32(end, true), 0x06054b50);
  assertEquals(view.getUint16(end + 10, true), 2);
  // Walk the central directory to each local header and read the stored bytes back.
  let at = view.getUint32(end + 16, true);
  for (const [name, text] of files) {
    assertEquals(view.getUint32(at, true), 0x02014b50);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    assertEquals(new TextDecoder().decode(zip.slice(at + 46, at + 46 + nameLength)), name);
    const dataAt = local + 30 + view.getUint16(local + 26, true);
    const data = zip.slice(dataAt, dataAt + size);
    assertEquals(new TextDecoder().decode(data), text);
    assertEquals(view.getUint32(at + 16, true), crc32(data));
    at += 46 + nameLength;
  }
});
