/** The notification badge's text: exact up to 99, then 99+ (admin spec §9 "Notification badge maximum 99"). */
export const BADGE_MAX = 99;
export const badge = (n: number): string => (n > BADGE_MAX ? `${BADGE_MAX}+` : String(n));
