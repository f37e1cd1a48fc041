/**
 * A status as every screen shows it (issue 23): one capitalised word in a chip whose tone comes from the one
 * vocabulary (lib/status-words.ts). Pass the server's word ("completed") or a worded outcome ("Passed").
 */
import { Chip } from "./chip.tsx";
import { statusWord } from "../lib/status-words.ts";

export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = statusWord(status);
  return <Chip tone={tone}>{label}</Chip>;
}
