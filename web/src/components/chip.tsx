import type { ReactNode } from "react";

export type ChipTone = "success" | "danger" | "warning" | "neutral";

/** A short status word in a coloured pill; the word itself carries the meaning, never the colour alone. */
export function Chip({ tone = "neutral", children }: { tone?: ChipTone; children: ReactNode }) {
  return <span className={`chip chip-${tone}`}>{children}</span>;
}
