// Keeps the footer's drift badge current between turns: a bundle rebuilt while Pi waits (forge build in another
// terminal) shows as drift within a second or two, not only when the next turn composes. It polls the scope files'
// stats (the same files the scope loader fingerprints), only while a selection is active, and never keeps Pi alive.
import { unwatchFile, watchFile, type Stats } from "node:fs";
import type { CtxPort } from "./host-adapter/ports.js";

export interface FooterWatch {
  /** Watch `files` for ctx (the latest context wins); an empty list stops watching. */
  follow(ctx: CtxPort, files: readonly string[]): void;
}

/** `onChange` re-reads the scopes and redraws the footer; a failure there (a stale context) is swallowed. */
export function createFooterWatch(onChange: (ctx: CtxPort) => void, intervalMs = 1_000): FooterWatch {
  let latest: CtxPort | null = null;
  const watched = new Set<string>();
  const changed = (now: Stats, before: Stats) => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
    if (latest === null) return;
    try {
      onChange(latest);
    } catch {
      // the next turn's composition says the same
    }
  };
  return {
    follow(ctx, files) {
      latest = files.length > 0 ? ctx : null;
      const wanted = new Set(files);
      for (const file of watched) {
        if (wanted.has(file)) continue;
        unwatchFile(file, changed);
        watched.delete(file);
      }
      for (const file of wanted) {
        if (watched.has(file)) continue;
        watchFile(file, { persistent: false, interval: intervalMs }, changed);
        watched.add(file);
      }
    },
  };
}
