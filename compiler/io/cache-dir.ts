// Where forge keeps what only saves time (the no-op build cache, kept token counts, Node's compiled code of the CLI):
// never a source, never committed, and safe to delete.
import { homeDirOf } from "./home-dir.js";
import { join } from "node:path";

/** `FORGE_CACHE_DIR`, else `$XDG_CACHE_HOME/forge`, else `~/.cache/forge`; null when `FORGE_NO_CACHE` is set. */
export function cacheDir(env: NodeJS.ProcessEnv): string | null {
  if (env.FORGE_NO_CACHE && env.FORGE_NO_CACHE !== "0") return null;
  if (env.FORGE_CACHE_DIR) return env.FORGE_CACHE_DIR;
  const xdg = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== "" ? env.XDG_CACHE_HOME : join(homeDirOf(env), ".cache");
  return join(xdg, "forge");
}
