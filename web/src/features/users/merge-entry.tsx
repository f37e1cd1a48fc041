/**
 * "Merge another account into this one" on the user page (decision 0080): for a second account the duplicates
 * table does not list (another name or phone), the administrator types its user ID and opens the merge's
 * preview, where nothing changes until they confirm.
 */
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";

export function MergeEntry({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const [error, setError] = useState<string>();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (event.currentTarget.elements.namedItem("close_user_id") as HTMLInputElement).value.trim();
    if (!/^[1-9]\d{0,9}$/.test(value)) return setError("Enter the other account's user ID (a whole number).");
    if (value === id) return setError("Enter another account's user ID: this is the account kept.");
    setError(undefined);
    navigate(`/app/admin/users/${id}/merge/${value}`);
  }
  return (
    <section aria-labelledby="merge-entry-heading">
      <h2 id="merge-entry-heading">Merge another account into this one</h2>
      <form onSubmit={onSubmit} noValidate className="form-section">
        <TextField
          name="close_user_id"
          label="User ID of the account to close"
          inputMode="numeric"
          error={error}
          hint="You will see what moves before anything changes."
        />
        <div className="form-actions">
          <Button type="submit" variant="secondary">Preview Merge</Button>
        </div>
      </form>
    </section>
  );
}
