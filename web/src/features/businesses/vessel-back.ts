import { useSearchParams } from "wouter";
import { safeNext } from "../../lib/safe-next.ts";

/**
 * Where Add Vessel and Manage Vessel go back to: `redirectURL` when it is a same-site path (public spec §2),
 * else the business's Vessels tab.
 */
export function useVesselBack(businessId: number): string {
  const [search] = useSearchParams();
  return safeNext(search.get("redirectURL"), `/app/member/businesses/${businessId}?tab=vessels`);
}
