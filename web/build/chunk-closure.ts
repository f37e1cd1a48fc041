/**
 * The files a lazily loaded chunk needs: itself, its imports transitively (the entry excluded: the page loads it
 * anyway), and the stylesheets they import. The build's preload plugins list these in the HTML so the browser
 * fetches them beside the entry instead of after it has run (preload-public-pages.ts, signed-in-html.ts).
 */

/** What the preload plugins read of a chunk. */
export interface ChunkLike {
  fileName: string;
  imports: readonly string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/** The files a set of chunks needs (themselves and their imports, the entry excluded), and their styles. */
export function chunkClosure(
  chunks: readonly ChunkLike[],
  roots: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.find((c) => c.fileName === fileName);
    if (!chunk || chunk.isEntry || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) styles.add(file);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const root of roots) visit(root);
  return { scripts: [...scripts], styles: [...styles] };
}
