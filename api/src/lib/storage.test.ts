/**
 * The storage interface: both stores round-trip streams in chunks, replace, delete and hide incomplete files, and
 * the daily cleanup deletes an incomplete file once nothing was written to it for the grace period.
 */
import { backgroundJobs } from "../background.ts";
import { assertEquals, assertOk, assertThrows } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { withDatabase } from "../testing/db.ts";
import type { ClaimedJob } from "./jobs.ts";
import {
  checkKey,
  checkStorageDir,
  CHUNK_BYTES,
  databaseStorage,
  directoryStorage,
  INCOMPLETE_GRACE_MS,
  readAll,
  rechunk,
  type Storage,
} from "./storage.ts";

const clock = testClock("2026-11-23T12:00:00Z");

/** A stream of `total` bytes (byte i is i % 251) in pieces of `piece` bytes, so chunk edges fall anywhere. */
function pattern(total: number, piece: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(piece, total - sent);
      controller.enqueue(Uint8Array.from({ length: n }, (_, i) => (sent + i) % 251));
      sent += n;
    },
  });
}

const isPattern = (bytes: Uint8Array) => bytes.every((b, i) => b === i % 251);

async function exercise(t: Deno.TestContext, storage: Storage) {
  const total = CHUNK_BYTES * 2 + 12_345;
  await t.step("a stream of odd-sized pieces comes back byte for byte", async () => {
    assertEquals(await storage.put("exports/1.csv", pattern(total, 70_001), "text/csv"), total);
    const file = await storage.get("exports/1.csv");
    assertOk(file);
    assertEquals([file.contentType, file.size], ["text/csv", total]);
    const bytes = await readAll(file);
    assertEquals(bytes.length, total);
    assertOk(isPattern(bytes));
  });
  await t.step("put replaces, bytes work too, delete removes, a missing key is null", async () => {
    await storage.put("exports/1.csv", new TextEncoder().encode("a,b\r\n"), "text/csv; charset=utf-8");
    const file = await storage.get("exports/1.csv");
    assertEquals(new TextDecoder().decode(await readAll(file!)), "a,b\r\n");
    await storage.delete("exports/1.csv");
    assertEquals(await storage.get("exports/1.csv"), null);
    await storage.delete("exports/1.csv");
    assertEquals(await storage.get("nothing/here.pdf"), null);
  });
  await t.step("an empty file is a file", async () => {
    assertEquals(await storage.put("empty.txt", new Uint8Array(), "text/plain"), 0);
    assertEquals((await readAll((await storage.get("empty.txt"))!)).length, 0);
  });
  await t.step("a writer that fails half-way leaves nothing readable", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(CHUNK_BYTES + 10));
        controller.error(new Error("source broke"));
      },
    });
    let failed = false;
    await storage.put("broken.bin", failing, "application/octet-stream").catch(() => failed = true);
    assertOk(failed);
    assertEquals(await storage.get("broken.bin"), null);
  });
  await t.step("keys cannot escape", async () => {
    let refused = 0;
    for (const key of ["../etc/passwd", "/abs", "a/../../b", "", "a b"]) {
      await storage.get(key).catch(() => refused++);
    }
    assertEquals(refused, 5);
  });
}

Deno.test("database storage", async (t) => {
  await withDatabase(async (database) => {
    await exercise(t, databaseStorage(database.db, clock.now));
    await t.step("chunks are bounded rows", async () => {
      const storage = databaseStorage(database.db, clock.now);
      await storage.put("big.bin", pattern(CHUNK_BYTES * 3, 1000), "application/octet-stream");
      const rows = await database.query<{ n: number; largest: number }>(
        "select count(*)::int as n, max(octet_length(bytes))::int as largest from stored_file_chunks where key = $1",
        ["big.bin"],
      );
      assertEquals(rows[0], { n: 3, largest: CHUNK_BYTES });
    });
  });
});

Deno.test("directory storage", async (t) => {
  const root = await Deno.makeTempDir({ prefix: "apca-storage-" });
  try {
    await exercise(t, directoryStorage(root, clock.now));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("storage keys and STORAGE_DIR are checked", async () => {
  assertEquals(checkKey("safety-letters/7/a.pdf"), "safety-letters/7/a.pdf");
  assertThrows(() => checkKey("a/../b"), Error, "Invalid storage key");
  assertThrows(() => checkStorageDir("relative/dir", "/srv/app"), Error, "absolute");
  assertThrows(() => checkStorageDir("/srv/app/files", "/srv/app"), Error, "outside");
  assertThrows(() => checkStorageDir("/srv/app", "/srv/app"), Error, "outside");
  assertEquals(checkStorageDir("/var/lib/apca/files", "/srv/app"), "/var/lib/apca/files");
  const pieces: number[] = [];
  for await (const c of rechunk(new Uint8Array(10), 4)) pieces.push(c.length);
  assertEquals(pieces, [4, 4, 2]);
});

/**
 * A body the test hands over piece by piece, as a slow upload or a long export sends it. `asked()` resolves once
 * the writer wants the next piece, that is once it stored everything handed over so far.
 */
function handFed() {
  let asked!: Promise<void>, markAsked!: () => void;
  let hand!: (piece: Uint8Array | Error | null) => void;
  const expect = () => asked = new Promise((resolve) => markAsked = resolve);
  expect();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      markAsked();
      return new Promise<void>((resolve) => {
        hand = (piece) => {
          expect();
          if (piece instanceof Error) controller.error(piece);
          else if (piece) controller.enqueue(piece);
          else controller.close();
          resolve();
        };
      });
    },
  }, { highWaterMark: 0 });
  return { body, asked: () => asked, hand: (piece: Uint8Array | Error | null) => hand(piece) };
}

/**
 * Both stores under the daily cleanup job, on the injected clock (now = N, grace = G): writers that stopped
 * (crashed) at N - G - 1 ms, N - G and N - G + 1 ms, a live writer that began at N - 2G and last wrote at
 * N - G + 1 ms, and a complete file written at N - 3G.
 */
async function cleanupPrunes(
  t: Deno.TestContext,
  ctx: TestContext,
  setClock: (at: number) => void,
  incompleteKeys: () => Promise<string[]>,
) {
  const storage = ctx.deps.storage;
  const G = INCOMPLETE_GRACE_MS, N = Date.parse("2026-11-23T12:00:00Z");
  const cleanup = () =>
    backgroundJobs(ctx.deps.config).handlers["maintenance.cleanup"]({}, {
      deps: ctx.deps,
      job: {} as ClaimedJob,
    });
  const piece = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

  /** Begins a write at `begin`, stores one chunk at `last`, and leaves the writer waiting. */
  const writer = async (key: string, begin: number, last = begin) => {
    const fed = handFed();
    setClock(begin);
    const put = storage.put(key, fed.body, "application/octet-stream").then((size) => size, (e: Error) => e);
    await fed.asked();
    setClock(last);
    fed.hand(piece(CHUNK_BYTES));
    await fed.asked();
    return { ...fed, put };
  };

  setClock(N - 3 * G);
  await storage.put("done/old.csv", piece(10), "text/csv");
  const outside = await writer("crashed/outside.bin", N - G - 1);
  const edge = await writer("crashed/edge.bin", N - G);
  const inside = await writer("crashed/inside.bin", N - G + 1);
  const live = await writer("live/export.csv", N - 2 * G, N - G + 1);
  assertEquals((await incompleteKeys()).sort(), [
    "crashed/edge.bin",
    "crashed/inside.bin",
    "crashed/outside.bin",
    "live/export.csv",
  ]);

  await t.step(
    "idle past the grace period: deleted; at it or inside it, or still writing: kept",
    async () => {
      setClock(N);
      await cleanup();
      assertEquals((await incompleteKeys()).sort(), [
        "crashed/edge.bin",
        "crashed/inside.bin",
        "live/export.csv",
      ]);
      assertEquals(await storage.prune(new Date(N - G)), 0);
    },
  );

  await t.step("the live writer finishes, and its file and the old complete one are read whole", async () => {
    live.hand(piece(100));
    await live.asked();
    live.hand(null);
    assertEquals(await live.put, CHUNK_BYTES + 100);
    assertEquals((await readAll((await storage.get("live/export.csv"))!)).length, CHUNK_BYTES + 100);
    assertEquals((await readAll((await storage.get("done/old.csv"))!)).length, 10);
    assertEquals((await incompleteKeys()).sort(), ["crashed/edge.bin", "crashed/inside.bin"]);
  });

  await t.step("a day later the other two go as well; nothing of them is readable", async () => {
    setClock(N + G);
    await cleanup();
    assertEquals(await incompleteKeys(), []);
    for (const key of ["crashed/outside.bin", "crashed/edge.bin", "crashed/inside.bin"]) {
      assertEquals(await storage.get(key), null);
    }
    assertOk(await storage.get("live/export.csv"));
  });

  // The crashed writers' sources end, so their puts settle.
  for (const w of [outside, edge, inside]) {
    w.hand(new Error("writer gone"));
    assertOk(await w.put instanceof Error);
  }
}

Deno.test("the daily cleanup prunes incomplete files in the database, chunks and all", async (t) => {
  let at = 0;
  const ctx = await createTestContext({ now: () => new Date(at) });
  const { db } = ctx.database;
  const chunksOf = async (key: string) =>
    (await db.selectFrom("stored_file_chunks").select("seq").where("key", "=", key).execute()).length;
  try {
    await cleanupPrunes(
      t,
      ctx,
      (ms) => at = ms,
      async () =>
        (await db.selectFrom("stored_files").select("key").where("complete", "=", false).execute())
          .map((r) => r.key),
    );

    await t.step(
      "an upload that failed half-way leaves a row and a chunk, pruned after the grace",
      async () => {
        /** One chunk arrives, then the connection breaks: the put fails with its row and chunk left behind. */
        const failHalfWay = async (key: string) => {
          const fed = handFed();
          const put = ctx.deps.storage.put(key, fed.body, "application/pdf").then(() => false, () => true);
          await fed.asked();
          fed.hand(new Uint8Array(CHUNK_BYTES + 10));
          await fed.asked();
          fed.hand(new Error("connection reset"));
          assertOk(await put);
        };
        const N = Date.parse("2026-11-30T12:00:00Z");
        at = N - INCOMPLETE_GRACE_MS - 1;
        await failHalfWay("uploads/a.pdf");
        at = N - INCOMPLETE_GRACE_MS + 1;
        await failHalfWay("uploads/b.pdf");
        assertEquals([await chunksOf("uploads/a.pdf"), await chunksOf("uploads/b.pdf")], [1, 1]);
        at = N;
        await backgroundJobs(ctx.deps.config).handlers["maintenance.cleanup"]({}, {
          deps: ctx.deps,
          job: {} as ClaimedJob,
        });
        assertEquals([await chunksOf("uploads/a.pdf"), await chunksOf("uploads/b.pdf")], [0, 1]);
        const left = await db.selectFrom("stored_files").select("key").where("key", "like", "uploads/%")
          .execute();
        assertEquals(left.map((r) => r.key), ["uploads/b.pdf"]);
      },
    );
  } finally {
    await ctx.close();
  }
});

Deno.test("the daily cleanup prunes incomplete files in STORAGE_DIR", async (t) => {
  const root = await Deno.makeTempDir({ prefix: "apca-storage-" });
  let at = 0;
  const now = () => new Date(at);
  const ctx = await createTestContext({ now, storage: directoryStorage(root, now) });
  const partials = async (dir = root): Promise<string[]> => {
    const found: string[] = [];
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) found.push(...await partials(path));
      else if (entry.name.endsWith(".partial")) {
        found.push(path.slice(root.length + 1).replace(/\.[^.]+\.partial$/, ""));
      }
    }
    return found;
  };
  try {
    await cleanupPrunes(t, ctx, (ms) => at = ms, () => partials());
    await t.step("a directory nothing was written to yet has nothing to prune", async () => {
      assertEquals(await directoryStorage(`${root}/not-yet`, now).prune(new Date(at)), 0);
    });
    await t.step("a file whose own key ends in .partial is a complete file, never pruned", async () => {
      at = Date.parse("2026-11-23T12:00:00Z");
      await ctx.deps.storage.put("notes/draft.partial", new Uint8Array(3), "text/plain");
      assertEquals(await ctx.deps.storage.prune(new Date(at + 10 * INCOMPLETE_GRACE_MS)), 0);
      assertOk(await ctx.deps.storage.get("notes/draft.partial"));
    });
  } finally {
    await ctx.close();
    await Deno.remove(root, { recursive: true });
  }
});
