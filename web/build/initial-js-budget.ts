/**
 * Vite plugin: the initial JavaScript (the entry chunk and every chunk it imports statically, transitively;
 * dynamic imports excluded) must stay at or under 170 KiB gzipped. Prints the figure on one line and fails the
 * build when it is over. The pure functions are exported for initial-js-budget.test.ts.
 */
import type { Plugin } from "vite";
import { gzipSync } from "node:zlib";

export const INITIAL_JS_BUDGET_BYTES = 170 * 1024;

/** The part of a Rollup/Rolldown output chunk these functions read. */
export interface ChunkLike {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** File names of the entry chunks and everything they import statically, in discovery order. */
export function initialChunks(bundle: Record<string, { type: string }>): ChunkLike[] {
  const chunks = new Map<string, ChunkLike>();
  for (const item of Object.values(bundle)) {
    if (item.type === "chunk") chunks.set((item as ChunkLike).fileName, item as ChunkLike);
  }
  const seen = new Map<string, ChunkLike>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const dep of chunk.imports) {
      const next = chunks.get(dep);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk);
  return [...seen.values()];
}

/** Gzipped bytes of each chunk, summed (each file is downloaded and compressed on its own). */
export function gzipBytes(chunks: ChunkLike[]): number {
  return chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength, 0);
}

export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function initialJsBudget(budget = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: "apca-initial-js-budget",
    apply: "build",
    // After writing: by then every other plugin (minifier, preload helper) has finished with the code.
    writeBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = initialChunks(bundle);
        if (chunks.length === 0) return; // not the app's build (e.g. the service worker's own build)
        const bytes = gzipBytes(chunks);
        const line = `initial JS ${kib(bytes)} KiB gzip in ${chunks.length} file(s) (budget ${
          kib(budget)
        } KiB)`;
        if (bytes > budget) {
          this.error(
            `${line}: over budget by ${kib(bytes - budget)} KiB (${
              chunks.map((c) => c.fileName).join(", ")
            })`,
          );
        }
        console.info(line);
      },
    },
  };
}
