/**
 * /app/admin/users/{id}/employee/new: Add To Business (admin spec §2, §7 "add business user"): attach the
 * user to an existing business found by search, or create a business for them ('User attached to new
 * business'); a failure is an error toast.
 */
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import type { PageProps } from "../../lib/page-props.ts";
import { Button } from "../../components/button.tsx";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { RadioGroup } from "../../components/radio-group.tsx";
import { TextField } from "../../components/text-field.tsx";
import { errorMessage } from "../../lib/form.ts";
import { toast } from "../../lib/toast.ts";
import { call } from "../../lib/typed-api.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { addToBusiness, userKey } from "./api.ts";

export default function AddToBusinessPage({ params }: PageProps) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<"existing" | "new">("existing");
  const [search, setSearch] = useState("");
  const [businessId, setBusinessId] = useState("");
  const [busy, setBusy] = useState(false);
  const found = useResource(
    mode === "existing" ? ["admin-business-search", search] : null,
    (signal) =>
      call("/auth/businesses").GET({
        query: { per_page: 20, sort_by: "name", sort_dir: "asc", search },
        signal,
      }),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const isEmployee = (form.elements.namedItem("is_employee") as HTMLInputElement).checked;
    const name = (form.elements.namedItem("name") as HTMLInputElement | null)?.value.trim();
    if (mode === "existing" && !businessId) return toast.error("Choose a business.");
    if (mode === "new" && !name) return toast.error("Business Name is required!");
    setBusy(true);
    try {
      const answer = await addToBusiness(
        id,
        mode === "existing"
          ? { business_id: Number(businessId), is_employee: isEmployee }
          : { name, is_employee: isEmployee },
      );
      toast.success(answer.message);
      await invalidate(userKey(id));
      navigate(`/app/admin/users/${id}`);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form-section">
      <RadioGroup
        legend="Business"
        name="mode"
        value={mode}
        onChange={(v) => setMode(v as "existing" | "new")}
        options={[
          { value: "existing", label: "Add to an existing business" },
          { value: "new", label: "Create a new business" },
        ]}
      />
      {mode === "existing"
        ? (
          <>
            <TextField
              label="Find a business"
              name="search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div className="field">
              <label htmlFor="business-choice">Business</label>
              <select id="business-choice" value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
                <option value="">{found.loading ? "Loading…" : "Choose a business"}</option>
                {found.data?.data.map((b) => <option key={b.id} value={b.id}>{b.attributes.name}</option>)}
              </select>
            </div>
          </>
        )
        : <TextField label="Business Name" name="name" required />}
      <CheckboxField label="Joins as an employee" name="is_employee" defaultChecked />
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Adding…">Add To Business</Button>
      </div>
    </form>
  );
}
