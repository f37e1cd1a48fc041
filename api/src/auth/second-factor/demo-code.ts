/**
 * `deno task second-factor:code`: the current code of the demo administrator's authenticator app (the seed's
 * SEED_ADMIN_TOTP_SECRET, by default the documented demo secret), for local sign-ins without a phone. It reads
 * no database: whoever knows the secret can compute the code, which is why production seeds none.
 */
import { DEMO_ADMIN_TOTP_SECRET } from "../../config.ts";
import { totpCode } from "./totp.ts";

if (import.meta.main) {
  const secret = Deno.env.get("SEED_ADMIN_TOTP_SECRET") ?? DEMO_ADMIN_TOTP_SECRET;
  const now = new Date();
  const left = 30 - Math.floor(now.getTime() / 1000) % 30;
  console.log(`${totpCode(secret, now)}  (valid for ${left} more seconds)`);
}
