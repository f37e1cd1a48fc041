/**
 * /app/account/downloads: the member's documents, newest first (every Letter of Compliance issued to them is
 * kept here byte for byte), each with a plain download link.
 */
import { useSearchParams } from "wouter";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import { documentHref, fetchDocuments, formatSize, KIND_LABELS, type StoredDocument } from "./api.ts";

export default function DownloadsPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get("page")) || 1));
  const documents = useResource((signal) => fetchDocuments(page, signal), String(page));

  const goTo = (next: number) =>
    setSearch((previous) => {
      if (next === 1) previous.delete("page");
      else previous.set("page", String(next));
      return previous;
    });

  return (
    <section aria-label="Your documents">
      {documents.loading ? <Skeleton lines={4} label="Loading your documents…" /> : documents.error
        ? (
          <LoadError
            title="Your documents could not be loaded"
            error={documents.error}
            onRetry={documents.reload}
          />
        )
        : documents.data && documents.data.data.length > 0
        ? (
          <>
            <DocumentTable documents={documents.data.data} />
            <Pagination
              label="Document pages"
              page={documents.data.meta.page}
              perPage={documents.data.meta.per_page}
              total={documents.data.meta.total}
              onPage={goTo}
            />
          </>
        )
        : (
          <>
            <p className="empty-state">No documents yet</p>
            {page > 1 && <Button variant="link" onClick={() => goTo(1)}>Go to the first page</Button>}
          </>
        )}
    </section>
  );
}

function DocumentTable({ documents }: { documents: StoredDocument[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Your documents, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Issued</th>
            <th scope="col">Size</th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map(({ id, attributes: doc }) => {
            const label = KIND_LABELS[doc.kind] ?? "Document";
            const issued = formatInstant(doc.created_at);
            return (
              <tr key={id}>
                <td>{label}</td>
                <td>{issued}</td>
                <td>{formatSize(doc.byte_size)}</td>
                <td>
                  <a href={documentHref(id)} download={doc.filename}>
                    Download<span className="visually-hidden">{` ${label} issued ${issued}`}</span>
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
