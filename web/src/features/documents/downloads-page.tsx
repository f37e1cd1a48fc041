/**
 * /app/account/downloads: the member's documents, newest first (every Letter of Compliance issued to them is
 * kept here byte for byte), each with a plain download link.
 */
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { StoredDocument } from "@api/contract";
import { documentHref, fetchDocuments, formatSize, KIND_LABELS } from "./api.ts";
import { TableScroll } from "../../components/table-scroll.tsx";

export default function DownloadsPage() {
  const [page, goTo] = usePageParam();
  const documents = useResource(["documents", page], (signal) => fetchDocuments(page, signal));

  return (
    <section aria-label="Your documents">
      <PagedList
        list={documents}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading your documents…",
          error: "Your documents could not be loaded",
          empty: "No documents yet",
          pages: "Document pages",
        }}
      >
        {(rows) => <DocumentTable documents={rows} />}
      </PagedList>
    </section>
  );
}

function DocumentTable({ documents }: { documents: StoredDocument[] }) {
  return (
    <TableScroll label="Your documents">
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
            // The document's number tells apart two of one kind issued in the same minute (issue 37: two letters
            // of one minute read the same, and their links had one name).
            const label = `${KIND_LABELS[doc.kind] ?? "Document"} no. ${id}`;
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
    </TableScroll>
  );
}
