/**
 * The SQL of registration: the account, the business a registration creates, and the company request an
 * administrator approves. All of it runs inside registration's one transaction (service.ts).
 */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** Whether an account uses this e-mail address (any case). */
export async function emailExists(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase())).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the user and gives them their member number (made from the new id); answers the id. */
export async function insertUser(
  db: Kysely<DB>,
  user: Omit<Insertable<DB["users"]>, "member_number">,
  memberNumber: (id: number) => string,
): Promise<number> {
  const { id } = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("users").set({ member_number: memberNumber(id) }).where("id", "=", id).execute();
  return id;
}

export async function insertBusiness(
  db: Kysely<DB>,
  business: Insertable<DB["businesses"]>,
): Promise<number> {
  const { id } = await db.insertInto("businesses").values(business).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function insertBusinessUser(db: Kysely<DB>, link: Insertable<DB["business_users"]>) {
  await db.insertInto("business_users").values(link).execute();
}

/** The oldest live company with the same name (any case), other than `exceptId`: a likely duplicate. */
export async function likelyDuplicateCompany(
  db: Kysely<DB>,
  name: string,
  exceptId: number | null,
): Promise<number | null> {
  const row = await db.selectFrom("businesses").select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .where("is_individual", "=", false).where("deleted_at", "is", null)
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
    .orderBy("id").executeTakeFirst();
  return row?.id ?? null;
}

export async function insertBusinessRequest(
  db: Kysely<DB>,
  request: Insertable<DB["new_business_requests"]>,
) {
  await db.insertInto("new_business_requests").values(request).execute();
}
