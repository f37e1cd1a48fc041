/**
 * A submitted company name that ends in "LLC" (or "L.L.C.") is a limited liability company: the wizard's new
 * company form starts with LLC ticked and "LLC Name" filled from it (issue 24 item 3, decision 0069).
 */
const LLC_END = /(?:^|[\s,])L\.?\s?L\.?\s?C\.?\s*$/i;

export const endsInLlc = (name: string) => LLC_END.test(name.trim());

/** The form's LLC fields: the member's own answer when given, else guessed from the name. */
export function llcFields(
  name: string,
  isLlc: boolean,
  llcName: string | null,
): { is_llc: string; llc_name: string } {
  if (isLlc || llcName) return { is_llc: isLlc ? "on" : "", llc_name: llcName ?? (isLlc ? name : "") };
  return endsInLlc(name) ? { is_llc: "on", llc_name: name.trim() } : { is_llc: "", llc_name: "" };
}
