/** Hands a downloaded Blob to the browser's own "save" behaviour, under the given filename. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the Blob by now; revoking later keeps slow devices from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
