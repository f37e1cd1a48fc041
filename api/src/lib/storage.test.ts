/** The storage interface: both stores round-trip streams in chunks, replace, delete and hide incomplete files. */
import { assertEquals, assertOk, assertThrows } from "../testing/assert.ts";
import { withDatabase } from "../testing/db.ts";
import {
  checkKey,
  checkStorageDir,
  CHUNK_BYTES,
  databaseStorage,
  directoryStorage,
  readAll,
  rechunk,
  type Storage,
} from "./storage.ts";

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
    await exercise(t, databaseStorage(database.db));
    await t.step("chunks are bounded rows", async () => {
      const storage = databaseStorage(database.db);
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
    await exercise(t, directoryStorage(root));
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
