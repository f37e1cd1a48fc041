/**
 * Reads a STORE-only zip (lib/zip.ts writes them) back into its files, by the central directory, and checks each
 * file's CRC-32 against the directory's; tests only.
 */
import { crc32 } from "../lib/zip.ts";

export function readZip(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error("Not a zip: no end of central directory");
  const files = new Map<string, Uint8Array>();
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("Broken central directory");
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    const dataAt = local + 30 + view.getUint16(local + 26, true);
    const data = zip.slice(dataAt, dataAt + size);
    if (crc32(data) !== view.getUint32(at + 16, true)) throw new Error(`${name}: CRC-32 does not match`);
    files.set(name, data);
    at += 46 + nameLength;
  }
  return files;
}
