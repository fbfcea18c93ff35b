// Watches a forge root like `forge build --watch` does, and calls back once edits settle; it never builds or writes.
import { watch, type FSWatcher } from "node:fs";

/** Quiet period after the last event: editors save in several steps. */
const DEBOUNCE_MS = 50;

export interface SourceWatcher {
  close(): void;
}

/** Recursive fs.watch (native on macOS and Windows, and on Linux since Node 20); `failed` when watching stops. */
export function watchSources(forgeRoot: string, changed: () => void, failed: (err: unknown) => void): SourceWatcher {
  let timer: NodeJS.Timeout | null = null;
  const watcher: FSWatcher = watch(forgeRoot, { recursive: true }, () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      changed();
    }, DEBOUNCE_MS);
  });
  watcher.on("error", failed);
  return {
    close() {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
