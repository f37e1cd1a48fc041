/**
 * A STORE-only (no compression: PDFs are compressed already) zip writer that streams: each entry's bytes are
 * fetched, written and dropped one at a time, so memory stays that of one PDF whatever the pool's size.
 * Sizes and CRCs go in the local header (known before writing, since each entry is in memory), no data
 * descriptors; the central directory (a few dozen bytes per entry) is kept to write at the end.
 */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  bytes: () => Promise<Uint8Array>;
}

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // Fixed: the archive of the same PDFs is the same bytes.

export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const central: Uint8Array[] = [];
  let offset = 0;
  let index = 0;
  return new ReadableStream({
    async pull(controller) {
      if (index < entries.length) {
        const entry = entries[index++];
        const data = await entry.bytes();
        const name = encoder.encode(entry.name);
        const crc = crc32(data);
        const local = new Uint8Array(30 + name.length);
        const v = new DataView(local.buffer);
        v.setUint32(0, 0x04034b50, true);
        v.setUint16(4, 20, true);
        v.setUint16(6, 0x0800, true); // UTF-8 names
        v.setUint16(8, 0, true); // STORE
        v.setUint16(10, 0, true);
        v.setUint16(12, DOS_DATE, true);
        v.setUint32(14, crc, true);
        v.setUint32(18, data.length, true);
        v.setUint32(22, data.length, true);
        v.setUint16(26, name.length, true);
        local.set(name, 30);
        const dir = new Uint8Array(46 + name.length);
        const d = new DataView(dir.buffer);
        d.setUint32(0, 0x02014b50, true);
        d.setUint16(4, 20, true);
        d.setUint16(6, 20, true);
        d.setUint16(8, 0x0800, true);
        d.setUint16(14, DOS_DATE, true);
        d.setUint32(16, crc, true);
        d.setUint32(20, data.length, true);
        d.setUint32(24, data.length, true);
        d.setUint16(28, name.length, true);
        d.setUint32(42, offset, true);
        dir.set(name, 46);
        central.push(dir);
        offset += local.length + data.length;
        controller.enqueue(local);
        controller.enqueue(data);
        return;
      }
      const size = central.reduce((n, c) => n + c.length, 0);
      for (const c of central) controller.enqueue(c);
      const end = new Uint8Array(22);
      const e = new DataView(end.buffer);
      e.setUint32(0, 0x06054b50, true);
      e.setUint16(8, central.length, true);
      e.setUint16(10, central.length, true);
      e.setUint32(12, size, true);
      e.setUint32(16, offset, true);
      controller.enqueue(end);
      controller.close();
    },
  });
}
