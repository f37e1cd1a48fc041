/** /app/admin/users/new: Add User (admin spec §2), then to the new user's page. */
import { useLocation } from "wouter";
import type { UserCreateRequest } from "@api/contract";
import { toast } from "../../lib/toast.ts";
import { createUser } from "./api.ts";
import { UserForm } from "./user-form.tsx";

export default function NewUserPage() {
  const [, navigate] = useLocation();
  return (
    <UserForm
      withPassword
      submitLabel="Add User"
      onSubmit={async (values) => {
        const answer = await createUser(values as unknown as UserCreateRequest);
        toast.success(answer.message);
        navigate(`/app/admin/users/${answer.data.id}`);
      }}
    />
  );
}
