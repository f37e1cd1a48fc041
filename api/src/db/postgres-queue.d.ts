/** The vendored postgres.js's queue (vendor/postgres/src/queue.js), as the pool uses it. */
export default function Queue<T = unknown>(initial?: T[]): {
  readonly length: number;
  remove(x: T): T | null;
  push(x: T): T;
  shift(): T;
};
