/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free port, that the test may stop and
 * start at will. The shared server on 5432 serves every other test (and other people): it is never restarted.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` OS user.
 */
import { freePort } from "./ports.ts";

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, local only). */
  url: string;
  start(): Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` kills the server as a crash would. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** Stops the server if running and deletes its files. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory (Debian's layout), or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  let versions: string[];
  try {
    versions = [...Deno.readDirSync(root)].map((e) => e.name).filter((n) => /^\d+$/.test(n));
  } catch {
    return undefined;
  }
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    try {
      Deno.statSync(`${root}/${v}/bin/initdb`);
      return `${root}/${v}/bin`;
    } catch { /* try the next version */ }
  }
  return undefined;
}

export async function createThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = await Deno.makeTempDir({ prefix: "apca-pg-" });
  const asRoot = Deno.uid() === 0;
  if (asRoot) {
    const [uid, gid] = await Promise.all([run(["id", "-u", "postgres"]), run(["id", "-g", "postgres"])]);
    await Deno.chown(dir, Number(uid), Number(gid));
  }
  const pg = (args: string[]) => run(asRoot ? ["runuser", "-u", "postgres", "--", ...args] : args);
  const port = freePort();
  const data = `${dir}/data`;
  let running = false;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const options =
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
      await pg([`${bin}/pg_ctl`, "start", "-w", "-t", "60", "-D", data, "-l", `${dir}/log`, "-o", options]);
      running = true;
    },
    async stop(mode) {
      await pg([`${bin}/pg_ctl`, "stop", "-w", "-t", "60", "-D", data, "-m", mode]);
      running = false;
    },
    async destroy() {
      try {
        if (running) await cluster.stop("immediate");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  };
  try {
    await pg([`${bin}/initdb`, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    await cluster.start();
  } catch (error) {
    await cluster.destroy().catch(() => {});
    throw error;
  }
  return cluster;
}

/** Runs a command to its end; answers its trimmed output, or throws with its error output. */
async function run(args: string[]): Promise<string> {
  const out = await new Deno.Command(args[0], { args: args.slice(1), stdout: "piped", stderr: "piped" })
    .output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).trim();
  if (!out.success) throw new Error(`${args.join(" ")} failed: ${text(out.stderr) || text(out.stdout)}`);
  return text(out.stdout);
}
