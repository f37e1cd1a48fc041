/**
 * The role matrix every route is tested with: anonymous, the member who owns the record, another member, the
 * DER of another company and an administrator (plus, where it matters, the DER of the member's own company).
 */
import { assertEquals } from "./assert.ts";
import type { Identity, TestContext } from "./app.ts";

export interface RoleCase {
  method: string;
  path: string;
  /** A body builder, so mutating routes can give each caller its own input. */
  body?: (who: Identity | null) => unknown;
  expect: {
    anonymous: number;
    member: number;
    otherMember: number;
    otherDer: number;
    admin: number;
    der?: number;
  };
}

/** An administrators' route: anonymous 401, every other caller (the DER too) 403, the administrator `admin`. */
export const adminOnly = (admin: number): RoleCase["expect"] => ({
  anonymous: 401,
  member: 403,
  otherMember: 403,
  otherDer: 403,
  der: 403,
  admin,
});

/** Sends the request as each identity and asserts every status; error answers must follow the error model. */
export async function assertRoleAnswers(ctx: TestContext, c: RoleCase): Promise<void> {
  const who: [keyof RoleCase["expect"], Identity | null][] = [
    ["anonymous", null],
    ["member", "member"],
    ["otherMember", "otherMember"],
    ["otherDer", "otherDer"],
    ["admin", "admin"],
  ];
  if (c.expect.der !== undefined) who.push(["der", "der"]);
  const seen: Record<string, number> = {};
  const wanted: Record<string, number> = {};
  for (const [label, identity] of who) {
    const res = await ctx.request(identity, c.method, c.path, c.body?.(identity));
    seen[label] = res.status;
    wanted[label] = c.expect[label]!;
    if (res.status >= 400) {
      const body = await res.json();
      if (typeof body.error !== "string" || typeof body.code !== "string") {
        throw new Error(`${c.method} ${c.path} as ${label}: error answer without { error, code }`);
      }
    } else await res.body?.cancel();
  }
  assertEquals(seen, wanted, `${c.method} ${c.path}: answers by identity`);
}
