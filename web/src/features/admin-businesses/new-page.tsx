/** /app/admin/businesses/new: add a business at once (no request); its DER, if named, becomes its owner. */
import { useLocation } from "wouter";
import { toast } from "../../lib/toast.ts";
import { addBusiness } from "./api.ts";
import { businessBody, BusinessForm } from "./business-form.tsx";
import "./admin-businesses.css";

export default function NewBusinessPage() {
  const [, navigate] = useLocation();
  return (
    <BusinessForm
      creating
      cancelHref="/app/admin/businesses"
      onSave={async (values) => {
        const der = values.der_user_id.trim();
        const { data } = await addBusiness({
          ...businessBody(values),
          is_individual: values.is_individual !== "",
          der_user_id: der === "" ? null : Number(der),
        });
        toast.success("Business has been added");
        navigate(`/app/admin/businesses/${data.id}`);
      }}
    />
  );
}
