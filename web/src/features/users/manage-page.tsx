/** /app/admin/users/{id}/manage: Edit User (admin spec §2), then back to the user's page. */
import { useLocation } from "wouter";
import type { UserUpdateRequest } from "@api/contract";
import type { PageProps } from "../../lib/page-props.ts";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { toast } from "../../lib/toast.ts";
import { invalidate, useResource } from "../../lib/use-resource.ts";
import { fetchUser, updateUser, userKey } from "./api.ts";
import { UserForm } from "./user-form.tsx";

export default function ManageUserPage({ params }: PageProps) {
  const id = params.id!;
  const [, navigate] = useLocation();
  const user = useResource(userKey(id), (signal) => fetchUser(id, signal));
  if (user.loading && !user.data) return <Skeleton lines={6} label="Loading the user…" />;
  if (user.error || !user.data) {
    return <LoadError title="The user could not be loaded" error={user.error} onRetry={user.reload} />;
  }
  return (
    <UserForm
      user={user.data}
      submitLabel="Save User"
      onSubmit={async (values) => {
        const answer = await updateUser(id, values as unknown as UserUpdateRequest);
        toast.success(answer.message);
        await invalidate(userKey(id));
        navigate(`/app/admin/users/${id}`);
      }}
    />
  );
}
