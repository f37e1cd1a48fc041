import assert from "node:assert/strict";
import { nearestSubject } from "./page-subject.ts";

Deno.test("the nearest named subject names the page", () => {
  const names = { "/app/admin/users/7": "Morgan Lee", "/app/admin/businesses/3": "Gulf Tugs" };
  assert.equal(nearestSubject(["/app", "/app/admin/users", "/app/admin/users/7"], names), "Morgan Lee");
  assert.equal(
    nearestSubject(
      ["/app", "/app/admin/users", "/app/admin/users/7", "/app/admin/users/7/membership/pause"],
      names,
    ),
    "Morgan Lee",
  );
  assert.equal(nearestSubject(["/app", "/app/admin/users"], names), undefined);
});
