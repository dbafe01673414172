/** What progress lines are made of (f24 download, export, runs over companies): on stderr, on a terminal only. */
import { decimal, integer, t, type Message } from '../i18n/message.js';

/** `12.3 KB` (`12,3 KB` in Italian): a size inside a message, its number the language's way. */
export function formatBytes(bytes: number): Message {
  if (bytes < 1024) return t`${integer(bytes)} B`;
  if (bytes < 1024 * 1024) return t`${decimal((bytes / 1024).toFixed(1))} KB`;
  return t`${decimal((bytes / 1024 / 1024).toFixed(1))} MB`;
}

/** `[#####-----]` */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total <= 0 ? width : Math.min(width, Math.round((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
