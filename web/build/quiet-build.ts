/**
 * The web build of `deno task start` (issue 26 item 5): the same `vite build` as `deno task build`, with its
 * output kept back, so a newcomer's start prints one line for it. The output is printed in full when the build
 * fails (a budget exceeded, a type of error), and its exit code is passed on.
 *
 *   deno run -A web/build/quiet-build.ts
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const WEB = dirname(dirname(fileURLToPath(import.meta.url)));

/** The line printed before the build. */
export const BUILDING_LINE =
  "Building the web app (the first start also downloads the dependencies, a minute or two)…";

/** The line printed once the build has succeeded. */
export function builtLine(seconds: number): string {
  return `Built the web app into web/dist (${seconds.toFixed(1)} s; every start rebuilds it).`;
}

if (import.meta.main) {
  console.log(BUILDING_LINE);
  const started = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "-q", "npm:vite@8.3.8", "build"],
    cwd: WEB,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    await Deno.stdout.write(output.stdout);
    await Deno.stderr.write(output.stderr);
    console.error("The web build failed (its output is above).");
    Deno.exit(output.code || 1);
  }
  console.log(builtLine((performance.now() - started) / 1000));
}
