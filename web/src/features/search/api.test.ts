import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { hitsOf } from "./api.ts";

Deno.test("hitsOf: one ordered list of options, users, companies then orders, each opening its record", () => {
  const hits = hitsOf({
    q: "72",
    users: [{
      id: 7,
      name: "Morgan Lee",
      email: "morgan@example.com",
      member_number: "M-100072",
      phone: null,
      uscg_cred: null,
      roles: [],
      match: "member_number",
    }],
    companies: [{
      id: 3,
      name: "Gulf Tow LLC",
      dba_name: null,
      tax_id: "72-1",
      is_active: false,
      match: "tax_id",
    }],
    orders: [{
      id: 9,
      number: "APCA-1072",
      kind: "membership",
      status: "completed",
      state: "to_ship",
      total_cents: 100,
      created_at: "2026-11-01T00:00:00Z",
      for_name: "Morgan Lee",
    }],
  });
  assertEquals(hits.map((h) => [h.group, h.title, h.href]), [
    ["Users", "Morgan Lee", "/app/admin/users/7"],
    ["Companies", "Gulf Tow LLC", "/app/admin/businesses/3"],
    ["Orders", "Order APCA-1072", "/app/admin/orders/9"],
  ]);
  assertEquals(hits[0].detail, "M-100072 · morgan@example.com · matched member number");
  assertEquals(hits[1].detail, "EIN 72-1 · Inactive · matched EIN");
  // A paid order that ships reads as the orders list says it, not "Completed" (issue 37).
  assertEquals(hits[2].detail, "Morgan Lee · To ship");
});
