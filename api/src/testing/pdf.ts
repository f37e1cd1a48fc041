/**
 * Reading back the PDFs we generate, for tests: pdf-lib writes but cannot extract. Inflates every Flate
 * stream, pulls out the text shown with Tj (pdf-lib writes it as hex strings), and decodes the QR code drawn
 * inside the /QR marked-content section (its modules are `re` rectangles) with jsQR.
 */
import jsqr from "jsqr";

// jsQR is CommonJS: at run time the default import is the function; its types describe an ES module.
type Decode = typeof jsqr.default;
const jsQR: Decode = (jsqr as unknown as { default?: Decode }).default ?? (jsqr as unknown as Decode);

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
      .pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

/** Every stream of the file, inflated when it was compressed. */
export async function pdfStreams(pdf: Uint8Array): Promise<string[]> {
  const text = latin1(pdf);
  const out: string[] = [];
  const marker = /stream\r?\n/g;
  for (let m = marker.exec(text); m; m = marker.exec(text)) {
    if (text.slice(m.index - 3, m.index) === "end") continue;
    const dictStart = text.lastIndexOf("<<", m.index);
    const dict = text.slice(dictStart, m.index);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, start + length);
    const inflated = /FlateDecode/.test(dict) ? await inflate(raw) : raw;
    if (inflated) out.push(latin1(inflated));
  }
  return out;
}

/** The text the pages show, one string per Tj, in drawing order. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const shown: string[] = [];
  for (const stream of await pdfStreams(pdf)) {
    for (const m of stream.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      shown.push(m[1].replace(/../g, (h) => String.fromCharCode(parseInt(h, 16))));
    }
    for (const m of stream.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) shown.push(m[1].replace(/\\(.)/g, "$1"));
  }
  return shown;
}

/** Decodes the QR code drawn in the /QR marked-content section, or null when there is none. */
export async function pdfQrText(pdf: Uint8Array): Promise<string | null> {
  for (const stream of await pdfStreams(pdf)) {
    const section = /\/QR BMC([\s\S]*?)EMC/.exec(stream)?.[1];
    if (!section) continue;
    const rects = [...section.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
      .map((m) => m.slice(1, 5).map(Number));
    if (!rects.length) return null;
    const cell = rects[0][2];
    const minX = Math.min(...rects.map((r) => r[0]));
    const maxTop = Math.max(...rects.map((r) => r[1] + r[3]));
    const n = Math.round((Math.max(...rects.map((r) => r[0])) - minX) / cell) + 1;
    const scale = 4, quiet = 4, size = (n + 2 * quiet) * scale;
    const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
    for (const [x, y, , h] of rects) {
      const col = Math.round((x - minX) / cell), row = Math.round((maxTop - (y + h)) / cell);
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((row + quiet) * scale + dy) * size + (col + quiet) * scale + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
      }
    }
    return jsQR(rgba, size, size)?.data ?? null;
  }
  return null;
}
