/**
 * The byte stream of an export's file, handed to storage.put: either one keyset batch per pull (PGlite, and the
 * MIS report, computed here), or PostgreSQL's COPY of the whole export (the other types on PostgreSQL, at
 * nearly the speed of COPY). Both start with the BOM and the header, pull only as fast as storage writes
 * (memory stays flat), and record the progress every few thousand rows, not per row.
 */
import { BOM, csvLine } from "./csv.ts";
import { CopyRecords } from "./copy.ts";
import type { Batch } from "./kinds.ts";

/** Rows between two progress updates of a COPY (a batch is one update). */
export const PROGRESS_ROWS = 5000;

const PIECE_BYTES = 64 * 1024;

export interface ExportBody {
  body: ReadableStream<Uint8Array>;
  /** Records written so far: exact once the stream has closed. */
  written(): number;
}

const encoder = new TextEncoder();
const head = (header: string[]) => encoder.encode(BOM + csvLine(header));

/**
 * Batches read one ahead: the next batch is read while storage writes the current one. `fetch(after)` reads
 * the batch after that id; `progress(read)` records the source rows read so far.
 */
export function batchBody(
  header: string[],
  fetch: (after: number) => Promise<Batch>,
  progress: (read: number) => Promise<void>,
): ExportBody {
  let read = 0, written = 0;
  const fetchFrom = (after: number | null) => after === null ? Promise.resolve(null) : fetch(after);
  let pending = fetchFrom(0);
  // A failed read is rethrown by the pull that awaits it; this keeps a read ahead that nobody awaits (the
  // storage failed first) from being an unhandled rejection.
  pending.catch(() => {});
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head(header));
    },
    // One batch per pull, and one read ahead: at most two batches are in memory.
    async pull(controller) {
      const batch = await pending;
      if (batch === null) return controller.close();
      pending = fetchFrom(batch.next);
      pending.catch(() => {});
      read += batch.read;
      written += batch.lines;
      // Recorded as the batch is handed to storage (a poll never sees fewer rows than were handed on).
      await progress(read);
      if (batch.text) controller.enqueue(encoder.encode(batch.text));
    },
  });
  return { body, written: () => written };
}

/** The records of a binary COPY (Database.copyOut of kinds.ts `copy`), its framing stripped (copy.ts). */
export function copyBody(
  header: string[],
  source: ReadableStream<Uint8Array>,
  progress: (read: number) => Promise<void>,
): ExportBody {
  const records = new CopyRecords();
  let reported = 0;
  let piece = new Uint8Array(PIECE_BYTES), size = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head(header));
    },
    async pull(controller) {
      reader ??= source.getReader();
      // COPY arrives one record per chunk: records are copied straight into pieces of about 64 KiB for storage.
      let handed = false;
      try {
        while (!handed) {
          const { done, value } = await reader.read();
          if (done) {
            if (!records.complete) throw new Error("The export's COPY ended before its last record.");
            if (size) controller.enqueue(piece.subarray(0, size));
            return controller.close();
          }
          for (const v of records.values(value)) {
            if (size + v.length > piece.length) {
              if (size) {
                controller.enqueue(piece.subarray(0, size));
                handed = true;
              }
              piece = new Uint8Array(Math.max(PIECE_BYTES, v.length));
              size = 0;
            }
            piece.set(v, size);
            size += v.length;
          }
          if (records.rows - reported >= PROGRESS_ROWS) {
            reported = records.rows;
            await progress(reported);
          }
        }
      } catch (error) {
        // The COPY is stopped (its reserved connection freed) before the error reaches storage.
        await reader.cancel(error).catch(() => {});
        throw error;
      }
    },
    cancel: (reason) => reader ? reader.cancel(reason) : source.cancel(reason),
  });
  return { body, written: () => records.rows };
}
