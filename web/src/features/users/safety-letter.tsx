/**
 * The safety concern letter on a user (admin spec §7 "Other", §8): upload a PDF ('Safety Concern Letter Has
 * Been Uploaded'), download it ('Will Soon Start Downloading'), remove it after a confirmation ('Has Been
 * Removed').
 */
import { formatInstantDay } from "../../lib/dates.ts";
import { type FormEvent, useState } from "react";
import type { SafetyLetterMaxBytes, UserDetail } from "@api/contract";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { useAction } from "../../lib/use-action.ts";
import { downloadLetter, removeLetter, uploadLetter, USER_TOASTS, userKey } from "./api.ts";

/** The server's limit (api/src/users/schemas.ts); the type check fails if the two numbers part. */
export const LETTER_MAX_BYTES: SafetyLetterMaxBytes = 5_242_880;
export const LETTER_LIMIT_TEXT = `PDF, at most ${LETTER_MAX_BYTES / 1024 / 1024} MiB`;

export function SafetyLetter({ user }: { user: UserDetail }) {
  const id = String(user.id);
  const doc = user.attributes.safety_document;
  const [confirm, setConfirm] = useState(false);
  const upload = useAction((file: File) => uploadLetter(id, file), {
    success: USER_TOASTS.letterUploaded,
    invalidate: [userKey(id)],
  });
  // The download toasts before it starts ('Will Soon Start Downloading'), not after; it reloads nothing.
  const download = useAction((filename: string) => {
    toast.info(USER_TOASTS.letterDownloading);
    return downloadLetter(id, filename);
  });
  const remove = useAction(() => removeLetter(id), {
    success: USER_TOASTS.letterRemoved,
    invalidate: [userKey(id)],
  });

  function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("document") as HTMLInputElement).files?.[0];
    if (!file) return toast.error("Choose a PDF file to upload.");
    if (file.size > LETTER_MAX_BYTES) return toast.error(`The letter is too large (${LETTER_LIMIT_TEXT}).`);
    void upload.run(file).then(() => form.reset());
  }

  return (
    <section aria-labelledby="letter-heading" className="form-section">
      <h2 id="letter-heading">Safety Concern Letter</h2>
      {doc
        ? (
          <p>
            {doc.filename} ({Math.max(1, Math.round(doc.byte_size / 1024))} KB), uploaded{" "}
            {formatInstantDay(doc.created_at)}
          </p>
        )
        : <p className="empty-state">No safety concern letter</p>}
      {doc && (
        <div className="form-actions">
          <Button
            variant="secondary"
            busy={download.busy}
            busyLabel="Downloading…"
            onClick={() => download.run(doc.filename)}
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
        <Button type="submit" busy={upload.busy} busyLabel="Uploading…">Upload Letter</Button>
      </form>
      <ConfirmDialog
        open={confirm}
        title="Remove the safety concern letter?"
        confirmLabel="Remove Letter"
        busyLabel="Removing…"
        busy={remove.busy}
        destructive
        onConfirm={async () => {
          if ((await remove.run()).ok) setConfirm(false);
        }}
        onClose={() => setConfirm(false)}
      >
        The letter is deleted for good.
      </ConfirmDialog>
    </section>
  );
}
