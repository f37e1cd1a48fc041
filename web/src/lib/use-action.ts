/**
 * The cycle every button action repeats (decision 0053): mark it busy (its buttons disabled), run it, toast
 * the success words, reload the cached data it changed, or toast the server's message when it failed; then
 * not busy. A second run while one is running is ignored. `useFormSubmit` (use-form-submit.ts) is the same for
 * validated forms, whose failures go under their fields.
 */
import { useRef, useState } from "react";
import { errorMessage } from "./form.ts";
import type { ResourceKey } from "./resource-store.ts";
import { toast } from "./toast.ts";
import { invalidate as invalidateKey } from "./use-resource.ts";

export interface ActionOptions<A extends unknown[], R> {
  /** The success toast: fixed words, or words from the answer (undefined: no toast). */
  success?: string | ((result: R, ...args: A) => string | undefined);
  /** The cache keys (prefixes) to reload once it succeeded. */
  invalidate?: ResourceKey[] | ((result: R, ...args: A) => ResourceKey[]);
  /** The failure toast; default the server's message (lib/form.ts errorMessage). */
  failure?: (error: unknown) => string;
}

/** What an action needs around it: where busy goes, how toasts and reloads are made (fakes in the test). */
export interface ActionEffects<A extends unknown[]> {
  setRunning: (args: A | null) => void;
  toast: { success: (text: string) => void; error: (text: string) => void };
  invalidate: (key: ResourceKey) => Promise<void>;
}

/** How a run ended: its result, or the error it failed with (already toasted, not thrown). */
export type Outcome<R> = { ok: true; result: R } | { ok: false; error: unknown };

/** One run, without React: busy on, the call, success or failure toast, reloads, busy off. */
export async function runAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  args: A,
  options: ActionOptions<A, R>,
  effects: ActionEffects<A>,
): Promise<Outcome<R>> {
  effects.setRunning(args);
  try {
    const result = await fn(...args);
    const words = typeof options.success === "function" ? options.success(result, ...args) : options.success;
    if (words) effects.toast.success(words);
    const keys = typeof options.invalidate === "function"
      ? options.invalidate(result, ...args)
      : options.invalidate ?? [];
    await Promise.all(keys.map((key) => effects.invalidate(key)));
    return { ok: true, result };
  } catch (error) {
    effects.toast.error((options.failure ?? errorMessage)(error));
    return { ok: false, error };
  } finally {
    effects.setRunning(null);
  }
}

/**
 * `const remove = useAction(removeCard, { success: "Card removed", invalidate: [cardsKey(owner)] })`, then
 * `<Button busy={remove.busy} onClick={() => remove.run(id)}>`. `running` is the arguments of the run under
 * way (e.g. which of several buttons shows "Working…").
 */
export function useAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  options: ActionOptions<A, R> = {},
) {
  const [running, setRunning] = useState<A | null>(null);
  const inFlight = useRef(false);
  async function run(...args: A): Promise<Outcome<R>> {
    if (inFlight.current) return { ok: false, error: new Error("Already running") };
    inFlight.current = true;
    try {
      return await runAction(fn, args, options, { setRunning, toast, invalidate: invalidateKey });
    } finally {
      inFlight.current = false;
    }
  }
  return { busy: running !== null, running, run };
}
