/**
 * The pool's connection queues of the vendored postgres.js (vendor/postgres, patch 9): a queue that is never
 * empty, as a busy pool's is under steady load, keeps its order and its removals across the compaction of
 * its emptied slots. Checked against a plain array doing the same operations.
 */
import { assertEquals } from "../testing/assert.ts";
// @ts-types="./postgres-queue.d.ts"
import Queue from "../../../vendor/postgres/src/queue.js";

Deno.test("postgres.js queue: order, length and removal match a plain array across compactions", () => {
  const queue = Queue<number>();
  const model: number[] = [];
  let next = 0;
  let seed = 27;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  // Never empty after the first pushes, so the emptied slots pile up past the compaction threshold (1,024)
  // several times over.
  for (let step = 0; step < 20_000; step++) {
    const roll = random();
    if (roll < 0.45 || model.length < 3) {
      model.push(next);
      assertEquals(queue.push(next), next);
      next++;
    } else if (roll < 0.9) {
      assertEquals(queue.shift(), model.shift());
    } else {
      const victim = model[Math.floor(random() * model.length)];
      model.splice(model.indexOf(victim), 1);
      assertEquals(queue.remove(victim), victim);
    }
    assertEquals(queue.length, model.length);
  }
  // What was shifted out is not found again; what is left comes out in order.
  assertEquals(queue.remove(0), null);
  const rest: number[] = [];
  while (queue.length) rest.push(queue.shift());
  assertEquals(rest, model);
});

Deno.test("postgres.js queue: a connection moved back to the queue it was shifted from is pushed once", () => {
  // The pool's move(c, busy) after busy.shift(): remove finds nothing, push appends.
  const queue = Queue(["a", "b"]);
  const c = queue.shift();
  assertEquals(queue.remove(c), null);
  queue.push(c);
  assertEquals([queue.shift(), queue.shift()], ["b", "a"]);
  assertEquals(queue.length, 0);
});
