/**
 * The safety concern letter on a user (admin spec §7 "Other", §8): upload a PDF ('Safety Concern Letter Has
 * Been Uploaded'), download it ('Will Soon Start Downloading'), remove it after a confirmation ('Has Been
 * Removed').
 */
import { type FormEvent, useState } from "react";
import type { SafetyLetterMaxBytes, UserDetail } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { downloadLetter, removeLetter, uploadLetter, USER_TOASTS, userKey } from "./api.ts";

/** The server's limit (api/src/users/schemas.ts); the type check fails if the two numbers part. */
export const LETTER_MAX_BYTES: SafetyLetterMaxBytes = 5_242_880;
export const LETTER_LIMIT_TEXT = `PDF, at most ${LETTER_MAX_BYTES / 1024 / 1024} MiB`;

export function SafetyLetter({ user }: { user: UserDetail }) {
  const id = String(user.id);
  const doc = user.attributes.safety_document;
  const [busy, setBusy] = useState<"upload" | "download" | "remove" | null>(null);
  const [confirm, setConfirm] = useState(false);

  async function act(kind: "upload" | "download" | "remove", work: () => Promise<unknown>, done: string) {
    setBusy(kind);
    try {
      if (kind === "download") toast.info(done);
      await work();
      if (kind !== "download") toast.success(done);
      setConfirm(false);
      if (kind !== "download") await invalidate(userKey(id));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("document") as HTMLInputElement).files?.[0];
    if (!file) return toast.error("Choose a PDF file to upload.");
    if (file.size > LETTER_MAX_BYTES) return toast.error(`The letter is too large (${LETTER_LIMIT_TEXT}).`);
    void act("upload", () => uploadLetter(id, file), USER_TOASTS.letterUploaded).then(() => form.reset());
  }

  return (
    <section aria-labelledby="letter-heading" className="form-section">
      <h2 id="letter-heading">Safety Concern Letter</h2>
      {doc
        ? (
          <p>
            {doc.filename} ({Math.max(1, Math.round(doc.byte_size / 1024))} KB), uploaded{" "}
            {new Date(doc.created_at).toLocaleDateString("en-US")}
          </p>
        )
        : <p className="empty-state">No safety concern letter</p>}
      {doc && (
        <div className="form-actions">
          <Button
            variant="secondary"
            busy={busy === "download"}
            busyLabel="Downloading…"
            onClick={() =>
              act("download", () => downloadLetter(id, doc.filename), USER_TOASTS.letterDownloading)}
          >
            Download Letter
          </Button>
          <Button variant="danger" onClick={() => setConfirm(true)}>Remove Letter</Button>
        </div>
      )}
      <form onSubmit={onUpload} className="field-row">
        <div className="field">
          <label htmlFor="letter-file">
            {doc ? "Replace the letter" : "Upload a letter"} ({LETTER_LIMIT_TEXT})
          </label>
          <input id="letter-file" name="document" type="file" accept="application/pdf,.pdf" />
        </div>
        <Button type="submit" busy={busy === "upload"} busyLabel="Uploading…">Upload Letter</Button>
      </form>
      <ConfirmDialog
        open={confirm}
        title="Remove the safety concern letter?"
        confirmLabel="Remove Letter"
        busyLabel="Removing…"
        busy={busy === "remove"}
        destructive
        onConfirm={() => act("remove", () => removeLetter(id), USER_TOASTS.letterRemoved)}
        onClose={() => setConfirm(false)}
      >
        The letter is deleted for good.
      </ConfirmDialog>
    </section>
  );
}
