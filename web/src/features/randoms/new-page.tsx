/** /app/admin/randoms/new: a draft pool for a month; its seed's commitment is fixed at once (decision 0033). */
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { invalidate } from "../../lib/use-resource.ts";
import { createPool, RANDOMS_KEY } from "./api.ts";

export default function NewRandomPoolPage() {
  const [, navigate] = useLocation();
  const [month, setMonth] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const match = /^(\d{4})-(\d{2})$/.exec(month);
    if (!match) return setError("Month is required");
    setError(undefined);
    setBusy(true);
    try {
      const pool = await createPool(Number(match[1]), Number(match[2]));
      await invalidate(RANDOMS_KEY);
      toast.success("Random pool created");
      navigate(`/app/admin/randoms/${pool.id}`);
    } catch (e) {
      setBusy(false);
      const message = e instanceof ApiError ? e.message : "The pool could not be created";
      setError(message);
      toast.error(message);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Month"
        name="month"
        type="month"
        required
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        error={error}
        hint="The pool draws for this month at the year's rate."
      />
      <Button type="submit" busy={busy} busyLabel="Creating…">Create Pool</Button>
    </form>
  );
}
