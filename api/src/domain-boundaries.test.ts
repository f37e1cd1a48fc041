/**
 * A lint as a test for the boundaries between API domains (issue 22, docs/decisions/0046-domain-boundaries.md)
 * and of the house around them (issue 37, docs/decisions/0083-no-loop-in-the-house.md):
 * (a) a folder's `queries.ts` is private: no value import from another folder or a top-level file reaches in;
 * (b) each table has one owning domain, the only one whose code writes it (INSERT/UPDATE/DELETE);
 * (c) the value-import graph has no cycle, counted by folder of api/src with each top-level file (app.ts,
 *     boot.ts...) a node of its own, and the domains stand in layers (decision 0048);
 * (d) the infrastructure folders import no domain: db/ nothing above it, lib/ only db/, integrations/ only
 *     lib/, db/ and config.ts;
 * (e) the database handle's type `Db` is declared once, in db/types.ts.
 * Each allowlist holds today's violations exactly; the test also fails when an allowlisted entry no longer
 * occurs, so the lists only shrink; all are empty. Type-only imports and tests are left out of every count.
 */
import { assertEquals, assertOk } from "./testing/assert.ts";

const SRC = new URL("./", import.meta.url);

/** Each table's owning domain: the only domain whose code writes it (decision 0046). */
export const TABLE_OWNERS: Record<string, string> = {
  analytics_events: "analytics",
  app_secrets: "auth",
  business_activations: "businesses",
  business_users: "businesses",
  businesses: "businesses",
  consents: "consents",
  contact_messages: "contact",
  documents: "documents",
  drug_test_panels: "drug-tests",
  drug_tests: "drug-tests",
  employee_requests: "employees",
  employee_request_batches: "employees",
  roster_confirmations: "rosters",
  exports: "exports",
  import_batches: "imports",
  import_mappings: "imports",
  import_rows: "imports",
  membership_pauses: "memberships",
  memberships: "memberships",
  new_business_requests: "businesses",
  notifications: "notifications",
  order_items: "orders",
  order_refunds: "orders",
  orders: "orders",
  password_reset_tokens: "password-reset",
  payment_methods: "payment-methods",
  payment_webhook_events: "payments",
  random_candidates: "randoms",
  random_pools: "randoms",
  random_rates: "randoms",
  random_snapshots: "randoms",
  registration_notifications: "registration",
  safety_concern_letters: "users",
  sessions: "auth",
  settings: "settings",
  store_items: "store",
  user_recovery_codes: "auth",
  user_second_factors: "auth",
  users: "users",
  vessels: "vessels",
};

/** Today's reach-ins to another domain's queries.ts (`file -> target`); only shrinks, ends empty. */
const QUERIES_REACH_IN_ALLOWED: string[] = [];

/** Today's writes by a domain that does not own the table (`table <- domain`); only shrinks, ends empty. */
const FOREIGN_WRITES_ALLOWED: string[] = [];

/** Today's import edges between nodes (folders, top-level files) that lie on a cycle (`from -> to`); empty. */
const CYCLE_EDGES_ALLOWED: string[] = [];

/**
 * The layers of the house, bottom first (decision 0048). A domain imports only domains of lower layers, so
 * the graph cannot have a cycle, and engineers working on different domains at once cannot close one. The desk
 * (the administrators' work that crosses domains) sits on top.
 */
export const LAYERS: string[][] = [
  ["auth"],
  [
    "audit",
    "notifications",
    "analytics",
    "collection-sites",
    "contact",
    "dev-mail",
    "docs",
    "documents",
    "health",
    "mis",
    "public-config",
    "settings",
    "site",
    "store",
  ],
  ["users"],
  ["password-reset", "payment-methods", "businesses"],
  ["vessels", "payments", "rosters"],
  ["orders"],
  ["drug-tests"],
  ["memberships"],
  ["compliance-kit", "randoms"],
  ["compliance"],
  ["employees", "consents"],
  ["registration"],
  ["exports", "stats"],
  ["desk", "search", "account-data"],
  ["imports"],
];

/** Today's import edges that do not go down the layers (`from -> to`); only shrinks, ends empty. */
const UPWARD_EDGES_ALLOWED: string[] = [];

/** Top-level folders that are infrastructure, not domains. */
const NOT_DOMAINS = new Set(["lib", "integrations", "db", "testing", "seed", "seed-scale"]);

/**
 * What each infrastructure folder may import (as values; decision 0083): no domain, and one way up, db/ at the
 * bottom. Top-level files and seed/ stand above everything and may import anything that closes no cycle.
 */
export const INFRASTRUCTURE_MAY_IMPORT: Record<string, string[]> = {
  db: [],
  lib: ["db"],
  integrations: ["db", "lib", "config.ts"],
};

const isTest = (rel: string) =>
  rel.endsWith(".test.ts") || rel.endsWith(".drill.ts") || rel.endsWith("test-helpers.ts") ||
  rel.startsWith("testing/") || rel.includes("/testing/");

async function* sourceFiles(dir: URL, path = ""): AsyncGenerator<[string, URL]> {
  for await (const entry of Deno.readDir(dir)) {
    const rel = path + entry.name;
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), `${rel}/`);
    else if (entry.name.endsWith(".ts")) yield [rel, new URL(entry.name, dir)];
  }
}

/** The domain folder of a path relative to api/src, or undefined for top-level files and infrastructure. */
export const domainOf = (rel: string) => {
  const slash = rel.indexOf("/");
  if (slash < 0) return undefined;
  const top = rel.slice(0, slash);
  return NOT_DOMAINS.has(top) ? undefined : top;
};

/** The node of the import graph a path relative to api/src belongs to: its top-level folder, or the file itself. */
export const nodeOf = (rel: string) => {
  const slash = rel.indexOf("/");
  return slash < 0 ? rel : rel.slice(0, slash);
};

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/g;

/** The relative module paths `source` imports or re-exports as values (type-only imports left out). */
export const valueImports = (source: string) => {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const [, , typeOnly, clause, spec] = m;
    if (typeOnly || !spec.startsWith(".")) continue;
    const braces = clause.match(/^\{([\s\S]*)\}$/);
    if (braces) {
      const names = braces[1].split(",").map((s) => s.trim()).filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    }
    out.push(spec);
  }
  return out;
};

/** The path relative to api/src that `spec` names from `from`, or undefined when it lies outside api/src. */
const resolve = (from: string, spec: string) => {
  const href = new URL(spec, new URL(from, SRC)).href;
  return href.startsWith(SRC.href) ? href.slice(SRC.href.length) : undefined;
};

/** A domain's private files: its queries and its table types. */
const isPrivate = (rel: string) =>
  /\/(queries|tables?|types?-db|db-types)\.ts$/.test(rel) || rel.includes("/queries/");

const WRITE_BUILDER = /\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*["'`]([a-z_]+)/g;
const WRITE_SQL =
  /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s+(?:set\b|as\b|\(|values\b|select\b|where\b|on\b|default\b|using\b)/gi;

/** The tables `source` writes, through Kysely or raw SQL. */
export const writtenTables = (source: string) => {
  const tables = new Set<string>();
  for (const m of source.matchAll(WRITE_BUILDER)) tables.add(m[2]);
  for (const m of source.matchAll(/sql(?:<[^`]*>)?`([^`]*)`/g)) {
    for (const w of m[1].matchAll(WRITE_SQL)) tables.add(w[1].toLowerCase());
  }
  return [...tables].sort();
};

/** A declaration of the database handle's type: `type Db = ...` or the union itself written out. */
export const declaresDb = (source: string) =>
  /\btype\s+Db\s*=/.test(source) ||
  /Kysely<DB>\s*\|\s*Transaction<DB>|Transaction<DB>\s*\|\s*Kysely<DB>/.test(source);

type Scan = {
  reachIns: string[];
  writers: Map<string, Set<string>>;
  /** Edges between domains. */
  edges: Set<string>;
  /** Edges between nodes: folders and top-level files (`nodeOf`). */
  nodeEdges: Set<string>;
  /** The files, tests included, that declare the `Db` type. */
  dbDeclarations: string[];
  scanned: number;
};

export const scan = async (): Promise<Scan> => {
  const reachIns = new Set<string>();
  const writers = new Map<string, Set<string>>();
  const edges = new Set<string>();
  const nodeEdges = new Set<string>();
  const dbDeclarations: string[] = [];
  let scanned = 0;
  for await (const [rel, url] of sourceFiles(SRC)) {
    const source = await Deno.readTextFile(url);
    // This file writes declarations out as the scanner's examples.
    if (declaresDb(source) && url.href !== import.meta.url) dbDeclarations.push(rel);
    if (isTest(rel)) continue;
    const node = nodeOf(rel);
    const domain = domainOf(rel);
    scanned++;
    for (const spec of valueImports(source)) {
      const target = resolve(rel, spec);
      if (target === undefined || nodeOf(target) === node) continue;
      nodeEdges.add(`${node} -> ${nodeOf(target)}`);
      if (isPrivate(target)) reachIns.add(`${rel} -> ${target}`);
      const other = domainOf(target);
      if (domain && other) edges.add(`${domain} -> ${other}`);
    }
    if (!domain) continue;
    for (const table of writtenTables(source)) {
      if (!writers.has(table)) writers.set(table, new Set());
      writers.get(table)!.add(domain);
    }
  }
  return {
    reachIns: [...reachIns].sort(),
    writers,
    edges,
    nodeEdges,
    dbDeclarations: dbDeclarations.sort(),
    scanned,
  };
};

/** The edges of `edges` that lie on a cycle (both ends in one strongly connected component). */
export const cycleEdges = (edges: Iterable<string>) => {
  const graph = new Map<string, string[]>();
  const list = [...edges].map((e) => e.split(" -> ") as [string, string]);
  for (const [a, b] of list) {
    if (!graph.has(a)) graph.set(a, []);
    if (!graph.has(b)) graph.set(b, []);
    graph.get(a)!.push(b);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), comp = new Map<string, number>();
  const stack: string[] = [], on = new Set<string>();
  let c = 0;
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)!) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.set(w, c);
      } while (w !== v);
      c++;
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return list.filter(([a, b]) => a !== b && comp.get(a) === comp.get(b)).map(([a, b]) => `${a} -> ${b}`)
    .sort();
};

/** Fails for entries of `found` not in `allowed` and for allowed entries that no longer occur. */
const exactly = (found: string[], allowed: string[], what: string) => {
  const extra = found.filter((x) => !allowed.includes(x));
  const stale = allowed.filter((x) => !found.includes(x));
  assertEquals(extra, [], `new ${what}: go through the owning domain's service instead`);
  assertEquals(stale, [], `these ${what} are gone: remove them from the allowlist`);
};

Deno.test("domain boundaries (issue 22, decision 0046) and the house (issue 37, decision 0083)", async (t) => {
  await t.step("the scanners see what they look for, and not look-alikes", () => {
    assertEquals(
      valueImports(
        [
          `import { insertUser } from "../registration/queries.ts";`,
          `import type { Db } from "../db/types.ts";`,
          `import { type Actor } from "../auth/actor.ts";`,
          `import {\n  notify,\n  type Kind,\n} from "../notifications/notify.ts";`,
          `export { a } from "./a.ts";`,
          `import { z } from "zod";`,
        ].join("\n"),
      ),
      ["../registration/queries.ts", "../notifications/notify.ts", "./a.ts"],
    );
    assertEquals(
      writtenTables([
        `await trx.insertInto("users").values(row)`,
        `await trx.updateTable("orders").set({})`,
        `db.deleteFrom("sessions").where("id", "=", id)`,
        "await sql`update memberships set status = 'x' where id = ${id}`.execute(db)",
        "await sql`delete from vessels where id = 1`.execute(db)",
        "await sql`insert into documents (id) values (1)`.execute(db)",
        `db.selectFrom("businesses")`,
        "sql`select updated_at from payment_methods`",
      ].join("\n")),
      ["documents", "memberships", "orders", "sessions", "users", "vessels"],
    );
    assertEquals(domainOf("users/admin.ts"), "users");
    assertEquals(domainOf("lib/jobs.ts"), undefined);
    assertEquals(domainOf("app.ts"), undefined);
    assertEquals(nodeOf("auth/second-factor/service.ts"), "auth");
    assertEquals(nodeOf("lib/jobs.ts"), "lib");
    assertEquals(nodeOf("app.ts"), "app.ts");
    assertEquals(
      [
        "type Db = Kysely<DB> | Transaction<DB>;",
        "export type Db = Kysely<DB>;",
        "async function f(db: Transaction<DB> | Kysely<DB>) {}",
        "type Dbs = Kysely<DB>[];",
        "async function f(db: Db, trx: Transaction<DB>) {}",
      ].map(declaresDb),
      [true, true, true, false, false],
    );
    assertEquals(cycleEdges(["a -> b", "b -> c", "c -> a", "c -> d", "d -> e"]), [
      "a -> b",
      "b -> c",
      "c -> a",
    ]);
  });

  const found = await scan();
  await t.step("the walk found the domains' sources", () => {
    assertOk(found.scanned > 100, `scanned ${found.scanned} files`);
  });

  await t.step("no folder or top-level file imports another folder's queries.ts or table types", () => {
    exactly(found.reachIns, QUERIES_REACH_IN_ALLOWED, "reach-ins to another domain's queries");
  });

  await t.step("each written table has an owner, and only its owner writes it", () => {
    const unowned = [...found.writers.keys()].filter((table) => !(table in TABLE_OWNERS)).sort();
    assertEquals(unowned, [], "record the owning domain of these tables in TABLE_OWNERS and decision 0046");
    const foreign = [...found.writers].flatMap(([table, domains]) =>
      [...domains].filter((d) => d !== TABLE_OWNERS[table]).map((d) => `${table} <- ${d}`)
    ).sort();
    exactly(foreign, FOREIGN_WRITES_ALLOWED, "writes by a domain that does not own the table");
  });

  await t.step("every domain has a layer, and imports only domains of lower layers", () => {
    const layer = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i] as const)));
    const domains = new Set([...found.edges].flatMap((e) => e.split(" -> ")));
    const placeless = [...domains].filter((d) => !layer.has(d)).sort();
    assertEquals(placeless, [], "give these domains a layer in LAYERS and decision 0048");
    const upward = [...found.edges].filter((e) => {
      const [a, b] = e.split(" -> ");
      return layer.get(a)! <= layer.get(b)!;
    }).sort();
    exactly(upward, UPWARD_EDGES_ALLOWED, "import edges that do not go down the layers");
  });

  await t.step("no import cycle between api/src's folders and top-level files", () => {
    assertOk([...found.nodeEdges].some((e) => e.startsWith("app.ts -> ")), "the walk sees top-level files");
    exactly(cycleEdges(found.nodeEdges), CYCLE_EDGES_ALLOWED, "import edges on a cycle");
  });

  await t.step("lib/, db/ and integrations/ import no domain, db/ nothing above it", () => {
    const wrong = [...found.nodeEdges].filter((e) => {
      const [from, to] = e.split(" -> ");
      return from in INFRASTRUCTURE_MAY_IMPORT && !INFRASTRUCTURE_MAY_IMPORT[from].includes(to);
    }).sort();
    assertEquals(
      wrong,
      [],
      "infrastructure imports these: pass the dependency in, or move the code (decision 0083)",
    );
  });

  await t.step("the database handle's type Db is declared once, in db/types.ts", () => {
    assertEquals(found.dbDeclarations, ["db/types.ts"], "import `type Db` from db/types.ts instead");
  });
});
