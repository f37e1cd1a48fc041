/**
 * /app/member/businesses/{id}/employee/upload: a DER uploads a crew list (CSV) or pastes one, sees what each row
 * will do (an APCA member matched, a new invitation, or why it cannot be used) and sends the usable rows to
 * APCA as employee requests in one go (decision 0086). Fits a 390 px phone: each row is a short card.
 */
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Chip } from "../../components/chip.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { previewCrewList, submitCrewList } from "./businesses.ts";
import "./businesses.css";

type Preview = Awaited<ReturnType<typeof previewCrewList>>;
type Row = Preview["data"][number];

const STATUS_WORDS = {
  existing: { tone: "success", word: "APCA member" },
  new: { tone: "neutral", word: "New, invited" },
  error: { tone: "danger", word: "Cannot be used" },
} as const;

export default function CrewUploadPage({ params }: PageProps) {
  const id = Number(params.id);
  const back = `/app/member/businesses/${id}?tab=employees`;
  const [, navigate] = useLocation();
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "submit" | null>(null);
  const key = useRef(crypto.randomUUID());

  async function onPreview(event: React.FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    setError(null);
    setBusy("preview");
    try {
      const answer = await previewCrewList(id, chosen ? { file: chosen } : { text });
      setPreview(answer);
      key.current = crypto.randomUUID(); // a new preview is a new upload
    } catch (e) {
      setPreview(null);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  const usable = preview?.data.filter((r) => r.status !== "error") ?? [];

  async function onSubmit() {
    if (!preview) return;
    setError(null);
    setBusy("submit");
    try {
      const rows = usable.map((r) => {
        const f = r.fields;
        return {
          row: r.row,
          first_name: f.first_name ?? "",
          last_name: f.last_name ?? "",
          middle_name: f.middle_name,
          email: f.email,
          phone: f.phone,
          address_one: f.address_one,
          address_two: f.address_two,
          city: f.city,
          state: f.state,
          postal_code: f.postal_code,
          country: f.country,
          uscg_cred: f.uscg_cred,
          ssn: f.ssn,
        };
      });
      const answer = await submitCrewList(id, {
        upload_key: key.current,
        file_name: preview.meta.file_name,
        rows,
      });
      toast.success(answer.message);
      navigate(back);
    } catch (e) {
      const issues = e instanceof ApiError && e.issues.length
        ? ` ${e.issues.map((i) => i.message).join(" ")}`
        : "";
      setError(`${e instanceof Error ? e.message : String(e)}${issues}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="narrow crew-upload">
      <form onSubmit={onPreview} aria-label="Crew list" noValidate>
        <p>
          Upload the crew list as a CSV file (saved from Excel or another system) or paste it below. It needs
          a header line with First Name and Last Name; Email, Phone, USCG Cred and SSN last 4 help match
          people who already have an APCA account. Nothing is sent until you confirm.
        </p>
        <div className="field">
          <label htmlFor="crew-file">CSV file</label>
          <input id="crew-file" ref={file} type="file" accept=".csv,.txt,text/csv,text/plain" />
        </div>
        <TextAreaField
          label="Or paste the list"
          name="crew_text"
          rows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          hint="One person per line, the header line first"
        />
        <div className="form-actions">
          <Button type="submit" busy={busy === "preview"} busyLabel="Reading…" disabled={busy !== null}>
            Preview
          </Button>
          <Link href={back}>Cancel</Link>
        </div>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {preview && (
        <section aria-labelledby="crew-preview">
          <h2 id="crew-preview">Preview</h2>
          <p role="status">
            {preview.meta.existing} APCA members · {preview.meta.new} new · {preview.meta.error}{" "}
            cannot be used
          </p>
          <ul className="crew-rows">
            {preview.data.map((r) => <CrewRowCard key={r.row} row={r} />)}
          </ul>
          <div className="form-actions">
            <Button
              onClick={onSubmit}
              busy={busy === "submit"}
              busyLabel="Sending…"
              disabled={busy !== null || usable.length === 0}
            >
              {`Send ${usable.length} employee request${usable.length === 1 ? "" : "s"}`}
            </Button>
          </div>
          {preview.meta.error > 0 && (
            <p className="field-hint">
              Rows that cannot be used are left out; correct them and upload them again.
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function CrewRowCard({ row }: { row: Row }) {
  const f = row.fields;
  const s = STATUS_WORDS[row.status];
  const name = [f.first_name, f.middle_name, f.last_name].filter(Boolean).join(" ") || "(no name)";
  return (
    <li className="crew-row">
      <p>
        <strong>Row {row.row}: {name}</strong> <Chip tone={s.tone}>{s.word}</Chip>
      </p>
      {f.email && <p className="crew-row-facts">{f.email}</p>}
      {row.match && (
        <p className="crew-row-facts">
          Matches {row.match.name}
          {row.match.member_number ? ` (${row.match.member_number})` : ""}
        </p>
      )}
      {row.issues.map((i) => <p key={i.path + i.message} className="field-error">{i.message}</p>)}
    </li>
  );
}
