/** What progress lines are made of (f24 download, export, runs over companies): on stderr, on a terminal only. */

/** `12.3 KB` */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `[#####-----]` */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total <= 0 ? width : Math.min(width, Math.round((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
