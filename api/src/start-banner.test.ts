/**
 * The newcomer's start (issue 26 item 5): the banner a start ends with (the address, then every demo sign-in
 * once), the routine log lines kept off the terminal unless asked for, and the local start on 127.0.0.1.
 */
import { loadConfig } from "./config.ts";
import { seed } from "./seed.ts";
import { addressOf, demoSignIns, existingSignIns, startBanner } from "./start-banner.ts";
import { isRoutine, requestLogSink, summarize } from "./lib/request-log.ts";
import type { LogEntry } from "./lib/logging.ts";
import { assertEquals, assertMatch, assertOk } from "./testing/assert.ts";
import { withDatabase } from "./testing/db.ts";
import { builtLine } from "../../web/build/quiet-build.ts";

Deno.test("start: the banner ends the start with the address and every demo sign-in once", async (t) => {
  const config = { ...loadConfig(), production: false };

  await t.step("the banner: the address first, then each sign-in on a line of its own", () => {
    const lines = startBanner({
      url: "http://localhost:8000",
      database: "pglite in ./data",
      requestLog: "request log in ./data/requests.log",
      signIns: demoSignIns(config, false),
    });
    assertMatch(lines[0], /^APCA portal running at http:\/\/localhost:8000 .*Ctrl\+C stops it/);
    assertEquals(lines[1], "Demo sign-ins (local only):");
    assertMatch(
      lines[3],
      /^\s+then the code `deno task second-factor:code` prints \(authenticator secret \w+\)$/,
    );
    const rows = lines.slice(2).filter((l) => !l.trim().startsWith("then ")).map((l) =>
      l.trim().split(/\s{2,}/)
    );
    assertEquals(rows.map((r) => r[0]), ["administrator", "DER", "DER", "member", "employee", "employee"]);
    assertEquals(rows.map((r) => r[1]), [
      config.seedAdminEmail,
      "der@apca.local",
      "der2@apca.local",
      "member@apca.local",
      "employee1@apca.local",
      "employee2@apca.local",
    ]);
    assertEquals(new Set(rows.map((r) => r[1])).size, 6, "each sign-in once");
    assertOk(rows.every((r) => r[2]?.length), "each with its password");
  });

  await t.step("a password from SEED_ADMIN_PASSWORD is never printed", () => {
    const admin = demoSignIns({ ...config, seedAdminPassword: "s3cret-from-env" }, true)[0];
    assertEquals(admin.password, "(the password in SEED_ADMIN_PASSWORD)");
  });

  await t.step("the administrator's second factor is told only when the seed enrols one", () => {
    assertMatch(demoSignIns(config, false)[0].note ?? "", /second-factor:code/);
    assertEquals(demoSignIns({ ...config, seedAdminTotpSecret: undefined }, false)[0].note, undefined);
  });

  await t.step("only sign-ins that exist are listed, none in production", async () => {
    await withDatabase(async (database) => {
      assertEquals(await existingSignIns(database, config, false), [], "nothing seeded yet");
      await seed(database, config, () => {});
      const found = await existingSignIns(database, config, false);
      assertEquals(found.map((s) => s.who), [
        "administrator",
        "DER",
        "DER",
        "member",
        "employee",
        "employee",
      ]);
      assertEquals(await existingSignIns(database, { ...config, production: true }, false), []);
    });
  });

  await t.step("the address: localhost for a loopback or wildcard interface", () => {
    assertEquals(addressOf("127.0.0.1", 8000), "http://localhost:8000");
    assertEquals(addressOf("0.0.0.0", 8080), "http://localhost:8080");
    assertEquals(addressOf("10.0.0.5", 8000), "http://10.0.0.5:8000");
    assertEquals(addressOf("fd00::5", 8000), "http://[fd00::5]:8000");
  });

  await t.step("the build's one line says that each start rebuilds the web", () => {
    assertMatch(builtLine(1.234), /^Built the web app into web\/dist \(1\.2 s; every start rebuilds it\)\.$/);
  });
});

Deno.test("start: listens on 127.0.0.1 unless HOST says otherwise; the Docker image says 0.0.0.0", async () => {
  const saved = Deno.env.get("HOST");
  try {
    Deno.env.delete("HOST");
    assertEquals(loadConfig().host, "127.0.0.1");
    Deno.env.set("HOST", "0.0.0.0");
    assertEquals(loadConfig().host, "0.0.0.0");
  } finally {
    if (saved === undefined) Deno.env.delete("HOST");
    else Deno.env.set("HOST", saved);
  }
  const dockerfile = await Deno.readTextFile(new URL("../../Dockerfile", import.meta.url));
  assertMatch(dockerfile, /^ENV (?:[^\n]*\\\n)*\s*HOST=0\.0\.0\.0\b/m);
});

Deno.test("start: routine log lines go to a file, a summary or nowhere unless asked for", async (t) => {
  const request: LogEntry = { level: "info", event: "request", method: "GET", route: "/api/x", status: 200 };
  const job: LogEntry = { level: "info", event: "job", queue: "mail.retry", outcome: "finished" };
  const failedJob: LogEntry = { level: "warn", event: "job", queue: "mail.retry", outcome: "retry" };
  const shutdown: LogEntry = { level: "info", event: "shutdown", signal: "SIGTERM" };

  await t.step("which lines are routine", () => {
    assertEquals([request, job, failedJob, shutdown].map(isRoutine), [true, true, false, false]);
  });

  await t.step("REQUEST_LOG: file by default locally, stdout in production, refused when unknown", () => {
    const saved = { log: Deno.env.get("REQUEST_LOG"), env: Deno.env.get("APP_ENV") };
    try {
      Deno.env.delete("REQUEST_LOG");
      Deno.env.delete("APP_ENV");
      assertEquals(loadConfig().requestLog, "file");
      Deno.env.set("APP_ENV", "production");
      assertEquals(loadConfig().requestLog, "stdout");
      Deno.env.set("REQUEST_LOG", "summary");
      assertEquals(loadConfig().requestLog, "summary");
      Deno.env.set("REQUEST_LOG", "loud");
      let refused = false;
      try {
        loadConfig();
      } catch {
        refused = true;
      }
      assertOk(refused, "an unknown REQUEST_LOG is refused");
    } finally {
      for (const [name, value] of [["REQUEST_LOG", saved.log], ["APP_ENV", saved.env]] as const) {
        if (value === undefined) Deno.env.delete(name);
        else Deno.env.set(name, value);
      }
    }
  });

  await t.step("file: routine lines in the file, the others on the base log", async () => {
    const dir = await Deno.makeTempDir();
    try {
      const printed: LogEntry[] = [];
      const sink = requestLogSink({
        mode: "file",
        file: `${dir}/logs/requests.log`,
        base: (e) => printed.push(e),
      });
      for (const entry of [request, job, failedJob, shutdown]) sink.log(entry);
      sink.close();
      assertEquals(printed, [failedJob, shutdown]);
      const lines = (await Deno.readTextFile(`${dir}/logs/requests.log`)).trim().split("\n").map((l) =>
        JSON.parse(l)
      );
      assertEquals(lines.map((l) => l.event), ["request", "job"]);
      assertOk(lines.every((l) => typeof l.time === "string"));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  await t.step("summary and off: no routine line reaches the base log", () => {
    for (const mode of ["summary", "off"] as const) {
      const printed: LogEntry[] = [];
      const sink = requestLogSink({ mode, file: "/nonexistent/never", base: (e) => printed.push(e) });
      for (const entry of [request, request, job, shutdown]) sink.log(entry);
      sink.close();
      assertEquals(printed, [shutdown], mode);
    }
    assertEquals(summarize([200, 204, 302, 404, 500], 3), {
      level: "info",
      event: "summary",
      jobs: 3,
      requests: 5,
      "2xx": 2,
      "3xx": 1,
      "4xx": 1,
      "5xx": 1,
    });
  });

  await t.step("stdout: every line on the base log, as before", () => {
    const printed: LogEntry[] = [];
    const sink = requestLogSink({ mode: "stdout", file: "/nonexistent/never", base: (e) => printed.push(e) });
    for (const entry of [request, job, shutdown]) sink.log(entry);
    assertEquals(printed, [request, job, shutdown]);
  });
});
