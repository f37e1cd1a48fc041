/**
 * PostgreSQL's binary COPY output of one text column (exports/queries.ts copyText) turned back into the values'
 * bytes, one after the other, counting the records. The binary format is used because it carries a value's
 * bytes unchanged (the text and csv formats escape or quote line breaks and backslashes inside a cell); its
 * framing is a fixed header, then per record a field count (1) and the value's length, then a -1 trailer.
 */
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
const HEADER = SIGNATURE.length + 8;
const EMPTY = new Uint8Array(0);

export class CopyRecords {
  /** Records decoded so far. */
  rows = 0;
  #rest: Uint8Array = new Uint8Array(0);
  #header = false;
  #done = false;

  /** The values' bytes in `chunk` (and what an earlier chunk left unfinished); a record may span chunks. */
  decode(chunk: Uint8Array): Uint8Array {
    const values = this.values(chunk);
    let size = 0;
    for (const v of values) size += v.length;
    const out = new Uint8Array(size);
    let put = 0;
    for (const v of values) {
      out.set(v, put);
      put += v.length;
    }
    return out;
  }

  /**
   * The values in `chunk` as views of it (no copy), valid until the next call: a caller copies them where they
   * go before reading on. A million-row export allocates nothing per row here (decision 0096).
   */
  values(chunk: Uint8Array): Uint8Array[] {
    let data = chunk;
    if (this.#rest.length) {
      data = new Uint8Array(this.#rest.length + chunk.length);
      data.set(this.#rest);
      data.set(chunk, this.#rest.length);
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let at = 0;
    const values: Uint8Array[] = [];
    if (!this.#header) {
      if (data.length < HEADER) return this.#keep(data, 0, values);
      if (SIGNATURE.some((b, i) => data[i] !== b)) throw new Error("Not a binary COPY stream");
      const extension = view.getUint32(HEADER - 4);
      if (data.length < HEADER + extension) return this.#keep(data, 0, values);
      at = HEADER + extension;
      this.#header = true;
    }
    while (!this.#done && at + 2 <= data.length) {
      const fields = view.getInt16(at);
      if (fields === -1) {
        this.#done = true;
        at += 2;
        break;
      }
      if (fields !== 1 || at + 6 > data.length) {
        if (fields !== 1) throw new Error(`A COPY record of ${fields} fields`);
        break;
      }
      const length = view.getInt32(at + 2);
      if (length < 0) throw new Error("A null record in COPY");
      if (at + 6 + length > data.length) break;
      values.push(data.subarray(at + 6, at + 6 + length));
      at += 6 + length;
      this.rows++;
    }
    return this.#keep(data, at, values);
  }

  /** Whether the trailer arrived: a stream that ends before it was cut short. */
  get complete(): boolean {
    return this.#done;
  }

  #keep(data: Uint8Array, at: number, values: Uint8Array[]): Uint8Array[] {
    // Copied: the driver's buffers are its own, and the rest must outlive this chunk.
    this.#rest = at === data.length ? EMPTY : data.slice(at);
    return values;
  }
}
