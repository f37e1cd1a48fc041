/**
 * Lints the API's OpenAPI document with Redocly's recommended rules (CI runs it: .ci/test-all.sh, and
 * `deno task lint:openapi`). The document is read off the routes as the server builds it, written to a
 * temporary directory and handed to the pinned Redocly CLI; any error or warning fails.
 *
 * The one exception, recorded in the ignore file written beside it: the liveness probe has no 4xx answer (it
 * runs before every middleware and reads nothing of the request; see WITHOUT_4XX in lib/openapi.ts). And the
 * spec's own notification paths (admin §7) look ambiguous to the rule: `/auth/notification/{id}/archive` and
 * `/auth/notification/registration/{id}` would both match `/auth/notification/registration/archive`, which no
 * client sends (both ids are whole numbers, and anything else answers 422).
 */
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Deps } from "./lib/context.ts";
import { buildOpenApi, WITHOUT_4XX } from "./lib/openapi.ts";

export const REDOCLY_CLI = "npm:@redocly/cli@2.77.0";

/** The document the server publishes at /api/openapi.json. Building routes touches no dependency but these. */
export function openApiDocument() {
  const deps = { config: loadConfig(), captcha: { widget: { provider: "development" } } } as unknown as Deps;
  return buildOpenApi(createApp(deps));
}

/** Paths the specification gives that Redocly's no-ambiguous-paths reports (see above). */
const AMBIGUOUS_BY_SPEC = ["/api/auth/notification/registration/{id}"];

/** The JSON pointer Redocly reports for an operation's responses. */
const responsesPointer = (operation: string) => {
  const [method, path] = operation.split(" ");
  return `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method.toLowerCase()}/responses`;
};

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "openapi-lint-" });
  try {
    await Deno.writeTextFile(`${dir}/openapi.json`, JSON.stringify(openApiDocument(), null, 2));
    await Deno.writeTextFile(
      `${dir}/.redocly.lint-ignore.yaml`,
      [
        "openapi.json:",
        "  operation-4xx-response:",
        ...WITHOUT_4XX.map((op) => `    - '${responsesPointer(op)}'`),
        "  no-ambiguous-paths:",
        ...AMBIGUOUS_BY_SPEC.map((path) => `    - '#/paths/${path.replaceAll("/", "~1")}'`),
      ]
        .join("\n") + "\n",
    );
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", REDOCLY_CLI, "lint", "--extends=recommended", "--max-problems=50", "openapi.json"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    console.log(output);
    // Redocly exits 0 on warnings ("You have 2 warnings."); the recommended rules are the bar, so a warning
    // fails too.
    const clean = code === 0 && !/You have \d+ warnings?/.test(output);
    if (!clean) {
      console.error("The OpenAPI document does not pass Redocly's recommended rules.");
      Deno.exit(1);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
