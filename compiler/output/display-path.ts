// How human output names a file: relative to the current directory, as compilers print paths, so it opens from where
// the command ran; a file far outside it (the global scope in the agent dir) keeps its absolute path.
import { isAbsolute, relative, sep } from "node:path";

export function pathForHumans(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === "") return ".";
  if (isAbsolute(rel) || rel.startsWith(`..${sep}..${sep}`) || rel === `..${sep}..`) return absolute.split(sep).join("/");
  return rel.split(sep).join("/");
}
