// Reads and writes the files `forge export` owns inside a project, never through a symbolic link: a path whose existing
// part resolves outside the project root, or that is itself a link, is refused before anything is read or written.
import { lstatSync, mkdirSync, readdirSync, realpathSync, unlinkSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { LIMITS } from "../../generated/constants.js";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";

/** A refusal the command reports as such (not a bug): the path and why. */
export class ProjectPathRefused extends Error {
  override name = "ProjectPathRefused";
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

export interface ProjectFiles {
  /** A file's text (path relative to the root, posix); null when absent. Refuses a link or a non-regular file. */
  read(path: string): string | null;
  /** Regular files directly in `dir` whose names end in `suffix` (links are not listed: export never follows them). */
  list(dir: string, suffix: string): string[];
  write(path: string, text: string): void;
  remove(path: string): void;
}

export function projectFiles(root: string): ProjectFiles {
  const realRoot = realpathSync(root);
  const abs = (path: string): string => join(root, ...path.split("/"));
  /** The deepest existing ancestor of `path` must resolve inside the root; the path itself must not be a link. */
  const check = (path: string): string => {
    const target = abs(path);
    let probe = dirname(target);
    while (lstatOrNull(probe) === null && probe !== dirname(probe)) probe = dirname(probe);
    const real = realpathSync(probe);
    if (!inside(realRoot, real))
      throw new ProjectPathRefused(
        `${path}: ${relative(root, probe) || "."} resolves to ${real}, outside the project ${realRoot}; forge export never writes through a symbolic link out of the project`,
      );
    const st = lstatOrNull(target);
    if (st?.isSymbolicLink()) throw new ProjectPathRefused(`${path} is a symbolic link; forge export does not replace or follow it`);
    if (st && !st.isFile() && !st.isDirectory()) throw new ProjectPathRefused(`${path} is not a regular file`);
    return target;
  };
  return {
    read(path) {
      const target = check(path);
      const st = lstatOrNull(target);
      if (st === null) return null;
      if (st.isDirectory()) throw new ProjectPathRefused(`${path} is a directory`);
      const read = readBoundedText(target, LIMITS.maxImportInputBytes);
      if (!read.ok) throw new ProjectPathRefused(`${path} ${read.detail}`);
      return read.text;
    },
    list(dir, suffix) {
      const target = check(dir);
      const st = lstatOrNull(target);
      if (st === null || !st.isDirectory()) return [];
      return readdirSync(target)
        .filter((name) => name.endsWith(suffix) && lstatOrNull(join(target, name))?.isFile() === true)
        .sort()
        .map((name) => `${dir}/${name}`);
    },
    write(path, text) {
      const target = check(path);
      mkdirSync(dirname(target), { recursive: true });
      check(path);
      writeTextAtomic(target, text);
    },
    remove(path) {
      const target = check(path);
      if (lstatOrNull(target)?.isFile()) unlinkSync(target);
    },
  };
}
