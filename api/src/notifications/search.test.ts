/**
 * The notification center's search (issue 24, decisions 0070 and 0096): every search answers exactly the
 * notifications its definition names, whatever the way the query finds them. The definition, written here as
 * plainly as it reads: the member a notification is about or the user who triggered it has the text in their
 * name (`first last`, any case), e-mail or member number; its company has it in its name or DBA; its meta names a
 * person or an e-mail holding it, or its order number is it. Names are chosen around the decomposition of a name
 * search with a space (sql/0066): names with a space in a part, first names ending and last names beginning with
 * the words, a deleted account, LIKE's wildcards and letters beyond ASCII.
 */
import {
  type CompiledQuery,
  CompiledQuery as Compiled,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from "kysely";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import type { DB, NotificationType } from "../db/types.ts";
import { NotificationPage } from "../desk/schemas.ts";
import { listNotifications } from "./queries.ts";

/** The ids the definition names, newest first. */
async function expected(
  db: Kysely<DB>,
  q: string,
  filter: { archived: boolean; types?: NotificationType[] },
): Promise<number[]> {
  const text = q.trim();
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const person = (u: "s" | "t") =>
    sql`(${sql.ref(`${u}.member_number`)} = ${text.toUpperCase()} or ${
      sql.ref(`${u}.member_number`)
    } = ${text}
      or lower(${sql.ref(`${u}.email`)}) = ${text.toLowerCase()} or lower(${
      sql.ref(`${u}.email`)
    }) like ${like}
      or lower(${sql.ref(`${u}.first_name`)} || ' ' || ${sql.ref(`${u}.last_name`)}) like ${like})`;
  const rows = await db.selectFrom("notifications as n")
    .leftJoin("users as s", "s.id", "n.user_id")
    .leftJoin("users as t", "t.id", "n.trigger_user_id")
    .leftJoin("businesses as b", "b.id", "n.business_id")
    .select("n.id")
    .where("n.archived_at", filter.archived ? "is not" : "is", null)
    .$if(filter.types !== undefined, (w) => w.where("n.type", "in", filter.types!))
    .where(sql<boolean>`(coalesce(${person("s")}, false) or coalesce(${person("t")}, false)
      or coalesce(lower(b.name) like ${like} or lower(coalesce(b.dba_name, '')) like ${like}, false)
      or lower(coalesce(n.meta->'user'->>'first_name', '') || ' ' || coalesce(n.meta->'user'->>'last_name', ''))
        like ${like}
      or lower(coalesce(n.meta->'user'->>'email', '')) like ${like}
      or lower(coalesce(n.meta->>'order_number', '')) = ${text.toLowerCase()})`)
    .orderBy("n.created_at", "desc").orderBy("n.id", "desc").execute();
  return rows.map((r) => r.id);
}

/** The SQL `listNotifications` sends for this list, without running it. */
async function compiled(
  filter: Parameters<typeof listNotifications>[1],
  params: Parameters<typeof listNotifications>[2],
): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const dry = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (d) => new PostgresIntrospector(d),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => void seen.push(event.query),
  });
  await listNotifications(dry, filter, params);
  return seen;
}

Deno.test("notification center search: the matches and totals of its definition", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  let clock = Date.parse("2026-01-01T12:00:00Z");
  const next = () => new Date(clock += 3_600_000);
  let users = 0;
  const user = async (first: string, last: string, deleted = false) => {
    const n = ++users;
    return (await db.insertInto("users").values({
      email: `search.${n}@test.local`,
      password_hash: "x",
      first_name: first,
      last_name: last,
      member_number: `SR-${1000 + n}`,
      ...(deleted ? { deleted_at: new Date() } : {}),
    }).returning("id").executeTakeFirstOrThrow()).id;
  };
  const business = async (name: string, dba: string | null = null) =>
    (await db.insertInto("businesses").values({ name, dba_name: dba }).returning("id")
      .executeTakeFirstOrThrow())
      .id;
  const write = async (row: {
    type: NotificationType;
    user_id?: number | null;
    trigger_user_id?: number | null;
    business_id?: number | null;
    meta?: Record<string, unknown>;
    archived?: boolean;
  }) => {
    const at = next();
    return (await db.insertInto("notifications").values({
      type: row.type,
      meta: row.meta ?? {},
      user_id: row.user_id ?? null,
      trigger_user_id: row.trigger_user_id ?? null,
      business_id: row.business_id ?? null,
      created_at: at,
      archived_at: row.archived ? at : null,
    }).returning("id").executeTakeFirstOrThrow()).id;
  };
  try {
    await db.deleteFrom("notifications").execute();
    // Members, each with an archived registration about them, written by them.
    const names: [string, string, boolean?][] = [
      ["Maria", "Garcia"],
      ["Anamaria", "Garcia"],
      ["Maria", "Garcia-Lopez"],
      ["Rosa Maria", "Garcia"],
      ["Maria Garcia", "Smith"],
      ["Ana", "Maria Garcia"],
      ["Mariana", "Garcia"],
      ["MARIA", "GARCIA", true],
      ["Ma%ria", "Gar_cia"],
      ["José", "Núñez"],
      ["Mary Ann", "Lee"],
      ["Tom", "Baker"],
      ["Zed", "Quinn"],
    ];
    const ids: Record<string, number> = {};
    for (const [first, last, deleted] of names) {
      const id = await user(first, last, deleted);
      ids[`${first} ${last}`] = id;
      await write({ type: "REGISTRATION", user_id: id, trigger_user_id: id, archived: true });
    }
    const tom = ids["Tom Baker"], zed = ids["Zed Quinn"];
    const maria = ids["Maria Garcia"];
    // Found only by who triggered it: Tom changed Zed's details (open), and an archived one.
    const byTrigger = await write({ type: "UPDATE_USER", user_id: zed, trigger_user_id: tom });
    await write({ type: "UPDATE_USER", user_id: zed, trigger_user_id: tom, archived: true });
    // Found only by the member it is about: an administrator (no trigger) wrote it about Maria.
    const byMember = await write({ type: "UPDATE_USER", user_id: maria, trigger_user_id: null });
    // Found only by its company: a company named, and one whose DBA holds, the words.
    const named = await business("Maria Garcia Towing");
    const dba = await business("Bayou Crew LLC", "Garcia Marine");
    const byCompany = await write({ type: "UPDATE_BUSINESS", business_id: named, trigger_user_id: zed });
    const byDba = await write({ type: "UPDATE_BUSINESS", business_id: dba, trigger_user_id: zed });
    // Found only by its meta: the person and e-mail an employee request names, and an order number.
    const byMetaName = await write({
      type: "NEW_EMPLOYEE_REQUEST",
      business_id: dba,
      meta: { user: { first_name: "Maria", last_name: "Garcia", email: "m.g@crew.test" } },
    });
    const byMetaEmail = await write({
      type: "NEW_EMPLOYEE_REQUEST",
      meta: { user: { first_name: "Pat", last_name: "Doe", email: "pat.doe@crew.test" } },
    });
    const byOrder = await write({ type: "UPDATE_VESSEL", meta: { order_number: "ORD-7788" } });
    const [zedNumber] = await db.selectFrom("users").select(["member_number", "email"]).where("id", "=", zed)
      .execute();
    await sql`analyze notifications`.execute(db);
    await sql`analyze users`.execute(db);

    const list = async (query: string) => {
      const res = await ctx.request("admin", "GET", `/api/auth/notifications?${query}`);
      assertEquals(res.status, 200, query);
      return NotificationPage.parse(await res.json());
    };
    const searches = [
      "maria garcia",
      "MARIA GARCIA",
      "  Maria Garcia ",
      "maria  garcia",
      "maria",
      "garcia",
      "ria gar",
      "a g",
      "maria garcia smith",
      "ana maria garcia",
      "rosa maria garcia",
      "anamaria garcia",
      "maria garcia-lopez",
      "ma%ria gar_cia",
      "ma_ria",
      "a%r",
      "josé núñez",
      "JOSÉ NÚÑEZ",
      "mary ann lee",
      "ann lee",
      "mary ann",
      "tom baker",
      "baker",
      "garcia marine",
      "m.g@crew.test",
      "pat.doe",
      "pat doe",
      "ord-7788",
      zedNumber.member_number!,
      zedNumber.email,
      "nobody by this name",
    ];
    const filters: { archived: boolean; types?: NotificationType[] }[] = [
      { archived: true, types: ["REGISTRATION"] },
      { archived: true },
      { archived: false },
    ];

    await t.step("each search answers its definition's matches, newest first, with their total", async () => {
      for (const q of searches) {
        for (const f of filters) {
          const query = `per_page=100&archived=${f.archived}${f.types ? `&types=${f.types}` : ""}&q=${
            encodeURIComponent(q)
          }`;
          const page = await list(query);
          const want = await expected(db, q, f);
          assertEquals(page.data.map((n) => n.id), want, query);
          assertEquals(page.meta.total, want.length, query);
        }
      }
    });

    await t.step("each way of being found finds the notification", async () => {
      const found = async (q: string, archived = false) =>
        (await list(`per_page=100&archived=${archived}&q=${encodeURIComponent(q)}`)).data.map((n) => n.id);
      assertOk((await found("tom baker")).includes(byTrigger), "by who triggered it");
      assertOk((await found("maria garcia")).includes(byMember), "by the member it is about");
      assertOk((await found("maria garcia towing")).includes(byCompany), "by its company");
      assertOk((await found("garcia marine")).includes(byDba), "by its company's DBA");
      assertOk((await found("maria garcia")).includes(byMetaName), "by the person its meta names");
      assertOk((await found("pat.doe@crew")).includes(byMetaEmail), "by the e-mail its meta names");
      assertOk((await found("ORD-7788")).includes(byOrder), "by its order number");
      assertEquals(
        (await found("maria garcia", true)).length,
        7,
        "Maria Garcia, Anamaria Garcia, Maria Garcia-Lopez, Rosa Maria Garcia, Maria Garcia Smith, " +
          "Ana Maria Garcia and the deleted MARIA GARCIA; not Mariana Garcia",
      );
    });

    await t.step("paging: two pages and the rest, one total, no overlap", async () => {
      const want = await expected(db, "garcia", { archived: true });
      assertOk(want.length > 4, `${want.length}`);
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        pages.push(await list(`archived=true&q=garcia&per_page=3&page=${page}`));
      }
      for (const page of pages) assertEquals(page.meta.total, want.length);
      assertEquals(pages.flatMap((p) => p.data.map((n) => n.id)), want);
      assertEquals(pages[0].data.length, 3);
    });

    await t.step("the page's cards are read for its rows only, not for every match", async () => {
      // More matches than the page holds among many more other notifications, newer, analyzed, so that the
      // planner weighs the plan as at scale: the cards' five left joins of every match before the top 20 were most
      // of a common name's page at a million members (decision 0096); now they run for the page's ids only.
      for (let i = 0; i < 40; i++) {
        await write({ type: "REGISTRATION", user_id: maria, trigger_user_id: maria, archived: true });
      }
      await sql`insert into notifications (type, user_id, trigger_user_id, archived_at, created_at)
        select 'REGISTRATION', ${zed}, ${zed}, ${next()}, ${next()}::timestamptz + g * interval '1 minute'
        from generate_series(1, 20000) g`.execute(db);
      await sql`analyze notifications`.execute(db);
      const perPage = 5;
      const queries = await compiled(
        { archived: true, types: ["REGISTRATION"], search: { q: "maria garcia" } },
        { page: 1, per_page: perPage, sort_by: "created_at", sort_dir: "desc" },
      );
      const page = queries.find((q) => q.sql.includes("left join"));
      assertOk(page, queries.map((q) => q.sql).join("\n"));
      const r = await db.executeQuery<{ "QUERY PLAN": unknown }>(
        Compiled.raw(`explain (analyze, format json) ${page.sql}`, [...page.parameters]),
      );
      const raw = r.rows[0]["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      // The cards read the notification itself (alias `n`) and their five left joins for the page's rows only:
      // not for every match before the top rows (the plan at a million members), nor for every notification of
      // the category walked newest first until the page is full (the plan of a small table).
      const cards: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        if (node["Join Type"] === "Left" || node["Alias"] === "n") cards.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan[0].Plan);
      const text = JSON.stringify(plan[0].Plan, null, 1);
      assertOk(cards.some((node) => node["Alias"] === "n"), text);
      for (const node of cards) {
        assertOk(node["Actual Rows"] * node["Actual Loops"] <= perPage, text);
      }
    });
  } finally {
    await ctx.close();
  }
});

interface PlanNode {
  "Node Type": string;
  "Join Type"?: string;
  Alias?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}
