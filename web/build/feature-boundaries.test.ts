import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { importsOf, violations } from "./feature-boundaries.ts";

Deno.test("boundaries: reads static, re-exported, side-effect, dynamic and type imports, not comments", () => {
  const source = `
    /** e.g. () => import("../features/x/in-a-comment.tsx") */
    import { a } from "./a.ts";
    import type { B } from "@api/contract";
    import "./styles.css";
    export { c } from "../lib/c.ts";
    export type { D } from "@api/contract";
    // import { e } from "../features/x/e.ts";
    const page = () => import("../features/y/page.tsx");
    const url = "https://example.com"; import {
      f,
    } from "./f.ts";
  `;
  assert.deepEqual(importsOf(source), [
    { specifier: "./a.ts", typeOnly: false },
    { specifier: "@api/contract", typeOnly: true },
    { specifier: "./styles.css", typeOnly: false },
    { specifier: "../lib/c.ts", typeOnly: false },
    { specifier: "@api/contract", typeOnly: true },
    { specifier: "./f.ts", typeOnly: false },
    { specifier: "../features/y/page.tsx", typeOnly: false },
  ]);
});

Deno.test("boundaries: each bad import is reported, the allowed ones are not", () => {
  const found = violations({
    // Refused: two features that import each other (a cycle, even through a third or a type import), and a
    // page importing the route table that loads it.
    "features/store/checkout-page.tsx": `import { describeCard } from "../payments/api.ts";`,
    "features/payments/pay-with.tsx": `import { cartLines } from "../store/cart.ts";`,
    "features/account/nested/deep.ts": `import type { X } from "../../dashboard/x.ts";`,
    "features/dashboard/member-view.tsx": `import { ProfilePanel } from "../users/profile.tsx";`,
    "features/users/profile.tsx": `import type { Y } from "../account/y.ts";`,
    "features/verify/verify-page.tsx": `import type { PageProps } from "../../app/routes.tsx";`,
    // Refused: lib, components and offline importing a feature.
    "offline/sync.ts": `import { pauseMembership } from "../features/account/api.ts";`,
    "lib/prices.ts": `const load = () => import("../features/public/pages.ts");`,
    "components/card.tsx": `import { CardForm } from "../features/payments/card-form.tsx";`,
    // Refused: a value import of the contract (it would bundle server code), and reaching into api/.
    "lib/api.ts": `import { Membership } from "@api/contract";`,
    "lib/other.ts": `import type { Membership } from "../../../api/src/memberships/schemas.ts";`,
    // Allowed: inside one feature, features to lib/components/offline, the route table to features, types.
    "features/account/page.tsx": `
      import { fetchCards } from "./api.ts";
      import type { X } from "./nested/deep.ts";
      import { Button } from "../../components/button.tsx";
      import { api } from "../../lib/api.ts";
      import { useCachedResource } from "../../offline/use-cached.ts";
      import type { Membership } from "@api/contract";
      import { useState } from "react";`,
    "app/routes.tsx": `const page = () => import("../features/account/page.tsx");`,
    // Allowed: a feature using another one below it (no way back), and app/'s other parts.
    "features/memberships/new-page.tsx": `import { PayWith } from "../payments/pay-with.tsx";`,
    "features/public/home-page.tsx": `import { PageHeading } from "../../app/page-heading.tsx";`,
    "features/verify/page.tsx": `import type { PageProps } from "../../lib/page-props.ts";`,
    "lib/contract-user.ts": `import type { Membership, ListPage } from "@api/contract";`,
    "offline/outbox.model.test.ts": `import { startTestApp } from "../../../api/src/testing/app.ts";`,
  });
  assert.deepEqual(found.map((v) => `${v.file} → ${v.specifier}`), [
    "features/verify/verify-page.tsx → ../../app/routes.tsx",
    "offline/sync.ts → ../features/account/api.ts",
    "lib/prices.ts → ../features/public/pages.ts",
    "components/card.tsx → ../features/payments/card-form.tsx",
    "lib/api.ts → @api/contract",
    "lib/other.ts → ../../../api/src/memberships/schemas.ts",
    "features/store/checkout-page.tsx → ../payments/api.ts",
    "features/payments/pay-with.tsx → ../store/cart.ts",
    "features/account/nested/deep.ts → ../../dashboard/x.ts",
    "features/dashboard/member-view.tsx → ../users/profile.tsx",
    "features/users/profile.tsx → ../account/y.ts",
  ]);
  assert.match(found[0].rule, /does not import the route table/);
  assert.match(found[1].rule, /only app\/ and features import features/);
  assert.match(found[4].rule, /import type/);
  assert.match(found[6].rule, /features\/store and features\/payments import each other/);
});

Deno.test("boundaries: web/src keeps every rule", async () => {
  const root = fileURLToPath(new URL("../src/", import.meta.url));
  const files: Record<string, string> = {};
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(root + dir)) {
      const path = dir + entry.name;
      if (entry.isDirectory) await walk(`${path}/`);
      else if (/\.tsx?$/.test(entry.name)) files[path] = await Deno.readTextFile(root + path);
    }
  };
  await walk("");
  assert.ok(Object.keys(files).length > 50, "the walk found the web's files");
  const found = violations(files).map((v) => `${v.file} → ${v.specifier}: ${v.rule}`);
  assert.deepEqual(found, []);
});
