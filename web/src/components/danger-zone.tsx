/**
 * Destructive and privileged actions (Delete, Grant Admin Rights), set apart from the routine ones below a
 * red-edged box of their own, so they never sit beside "Edit User" looking the same. Each button inside still
 * opens a ConfirmDialog: the zone separates, the dialog confirms.
 */
import { type ReactNode, useId } from "react";

export function DangerZone(
  { title = "Danger zone", note, children }: {
    title?: string;
    /** What the actions do, above them ("their sessions end…"). */
    note?: ReactNode;
    children: ReactNode;
  },
) {
  const id = useId();
  return (
    <section className="danger-zone" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {note && <p>{note}</p>}
      <div className="danger-zone-actions">{children}</div>
    </section>
  );
}
