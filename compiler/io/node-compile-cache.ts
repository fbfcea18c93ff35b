// Node's compile cache for the CLI's own code (module.enableCompileCache, Node 22.1 and later), under forge's cache
// directory: a later run of the same forge skips parsing and compiling what it ran before. Older Node has none, and
// FORGE_NO_CACHE (or Node's own NODE_DISABLE_COMPILE_CACHE) turns it off.
import nodeModule from "node:module";
import { join } from "node:path";
import { cacheDir } from "./cache-dir.js";

type EnableCompileCache = (directory: string) => unknown;

/** Turns the cache on for every module loaded after this call (the commands' chunks); a failure only costs speed. */
export function enableCompileCache(env: NodeJS.ProcessEnv): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  const dir = cacheDir(env);
  if (typeof enable !== "function" || dir === null) return;
  try {
    enable(join(dir, "node-compile-cache"));
  } catch {
    // a cache that cannot be used only means compiling again
  }
}
