// One clear line for an I/O failure (a read error, an errno); anything else is a bug and says so.
import { SourceReadError } from "./read-sources.js";

/** Turns an errno or read error into one clear line; anything else is a bug and says so. */
export function describeFailure(err: unknown): string {
  if (err instanceof SourceReadError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e.code === "string" && typeof e.message === "string") {
    // Some errno messages (EISDIR on read) do not name the file: add it.
    return e.path && !e.message.includes(e.path) ? `${e.message}: ${e.path}` : e.message;
  }
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}
