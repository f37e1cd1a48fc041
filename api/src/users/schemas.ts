import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";

export const USER_SORTS = ["first_name", "last_name", "email", "created_at"] as const;

export const UserListQuery = listQuery(USER_SORTS).extend({
  search: z.string().trim().max(200, "search is too long").optional()
    .describe("Matches the start of first name, last name or email, or the member number"),
});

export const UserAttributes = z.object({
  full_name: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address_one: z.string().nullable(),
  address_two: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  uscg_cred: z.string().nullable(),
  ssn_last4: z.string().nullable().describe("Only the last 4 digits are ever stored"),
  member_number: z.string().nullable(),
  roles: z.array(z.enum(["admin", "der", "member"])),
  created_at: z.string(),
});

export const UserRecord = recordSchema("user", UserAttributes);
export const UserList = listOf(UserRecord);
export const UserResponse = z.object({ data: UserRecord });
