/**
 * Reading businesses as the API answers them (decision 0052: a handler calls one service): one business the
 * viewer may see, the caller's own businesses, the companies a DER represents, and the administrators' list.
 */
import type { Deps, SessionUser } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { findBusinessFor, listAllBusinesses, listDerCompanies, listOwnBusinesses } from "./queries.ts";

/** One business the viewer may see (an administrator: any); 404 otherwise. */
export async function getBusiness(deps: Pick<Deps, "database">, viewer: SessionUser, id: number) {
  const business = await findBusinessFor(deps.database.db, viewer, id);
  if (!business) throw notFound("Business");
  return business;
}

/** The caller's own businesses, newest first. */
export async function ownBusinesses(deps: Pick<Deps, "database">, viewer: SessionUser) {
  return await listOwnBusinesses(deps.database.db, viewer);
}

/** The companies the calling DER represents, newest first. */
export async function derCompanies(deps: Pick<Deps, "database">, viewer: SessionUser) {
  return await listDerCompanies(deps.database.db, viewer);
}

/** The administrators' page of all businesses. */
export async function allBusinesses(
  deps: Pick<Deps, "database">,
  admin: SessionUser,
  params: Parameters<typeof listAllBusinesses>[2],
) {
  return await listAllBusinesses(deps.database.db, admin, params);
}
