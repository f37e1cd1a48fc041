/** node:assert, re-exported with the names this project's tests use (JSR's @std/assert is not reachable). */
import assert from "node:assert/strict";

export const assertEquals = <T>(actual: T, expected: T, message?: string) =>
  assert.deepStrictEqual(actual, expected, message);
export const assertMatch = (actual: string, expected: RegExp, message?: string) =>
  assert.match(actual, expected, message);
export const assertOk: (value: unknown, message?: string) => asserts value = (value, message) =>
  assert.ok(value, message);
export const assertRejects = (
  fn: () => Promise<unknown>,
  expected?: RegExp | (new (...a: never[]) => Error),
) => assert.rejects(fn, expected as RegExp);
export const assertThrows = (
  fn: () => unknown,
  expected: new (...a: never[]) => Error,
  includes: string,
) => assert.throws(fn, (e: unknown) => e instanceof expected && e.message.includes(includes));
