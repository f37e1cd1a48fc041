/** useAction's cycle (decision 0053), run without React through `runAction` with fake effects. */
import assert from "node:assert/strict";
import { ApiError } from "./api.ts";
import { type ActionEffects, runAction } from "./use-action.ts";
import type { ResourceKey } from "./resource-store.ts";

function fakes() {
  const log: string[] = [];
  const effects: ActionEffects<[number]> = {
    setRunning: (args) => log.push(args ? `busy ${args[0]}` : "idle"),
    toast: { success: (t) => log.push(`ok: ${t}`), error: (t) => log.push(`error: ${t}`) },
    invalidate: (key: ResourceKey) => Promise.resolve(void log.push(`reload ${key.join("/")}`)),
  };
  return { log, effects };
}

Deno.test("a success is busy, then toasts, reloads the keys, then idle", async () => {
  const { log, effects } = fakes();
  const outcome = await runAction(
    (id: number) => Promise.resolve({ message: `Card ${id} removed` }),
    [4],
    { success: (r) => r.message, invalidate: (_r, id) => [["cards", id], ["membership"]] },
    effects,
  );
  assert.deepEqual(outcome, { ok: true, result: { message: "Card 4 removed" } });
  assert.deepEqual(log, ["busy 4", "ok: Card 4 removed", "reload cards/4", "reload membership", "idle"]);
});

Deno.test("a failure toasts the server's message, reloads nothing and is not thrown", async () => {
  const { log, effects } = fakes();
  const refused = new ApiError("This membership is already paused.", 409, "CONFLICT");
  const outcome = await runAction((_id: number) => Promise.reject(refused), [1], {
    success: "Paused",
    invalidate: [["membership"]],
  }, effects);
  assert.deepEqual(outcome, { ok: false, error: refused });
  assert.deepEqual(log, ["busy 1", "error: This membership is already paused.", "idle"]);
});

Deno.test("fixed success words, no words, and a failure text of the caller's", async () => {
  const { log, effects } = fakes();
  await runAction((_id: number) => Promise.resolve(1), [2], { success: "Done" }, effects);
  await runAction((_id: number) => Promise.resolve(1), [3], {}, effects);
  await runAction(
    (_id: number) => Promise.reject(new Error("x")),
    [5],
    { failure: () => "Could not do it" },
    effects,
  );
  assert.deepEqual(log, [
    "busy 2",
    "ok: Done",
    "idle",
    "busy 3",
    "idle",
    "busy 5",
    "error: Could not do it",
    "idle",
  ]);
});
