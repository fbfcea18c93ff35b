// An npm package's files as forge reads them (forge libraries at build time, a team policy package at runtime): found in
// Node's own lookup order, each file read only when it is a regular file under its bound whose real path stays inside
// the package. Shared by the compiler and the Pi extension.
import { createRequire } from "node:module";
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { LIMITS } from "../generated/constants.js";
import { readBoundedText } from "./read-bounded.js";

/** What a package.json says about a forge library: its version and the bundle it ships. */
export interface LibraryManifest {
  version: string;
  /** The bundle path as written in "forge": { "bundle" }, relative to the package directory. */
  bundle: string;
}

/**
 * A file of the package, read only when it is a regular file whose real path stays inside the package's real
 * directory (the package itself may be a symlink, as npm file: dependencies and workspaces are). A link out of the
 * package (a bundle pointing at /etc/passwd) is refused without being opened, so nothing of it can reach a message.
 */
export function readPackageFile(packageDir: string, file: string, maxBytes: number): ReturnType<typeof readBoundedText> {
  let realDir: string;
  let real: string;
  try {
    realDir = realpathSync(packageDir);
    real = realpathSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "EIO";
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, reason: "absent", detail: `does not exist (${code})` };
    return { ok: false, reason: "unreadable", detail: `cannot be read (${code})` };
  }
  const rel = relative(realDir, real);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return { ok: false, reason: "not-regular", detail: "is a symbolic link to a file outside the package, so forge does not read it" };
  }
  return readBoundedText(real, maxBytes);
}

/** package.json as a forge library (or the reason it is not one); `name` only words the messages. */
export function readLibraryManifest(packageDir: string): LibraryManifest | { problem: string } {
  const read = readPackageFile(packageDir, join(packageDir, "package.json"), LIMITS.maxFileBytes);
  if (!read.ok) return { problem: `its package.json ${read.detail}` };
  let pkg: unknown;
  try {
    pkg = JSON.parse(read.text);
  } catch {
    return { problem: "its package.json is not valid JSON" };
  }
  const obj = (v: unknown): Record<string, unknown> | null =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const forge = obj(obj(pkg)?.forge);
  const bundle = forge?.bundle;
  if (typeof bundle !== "string" || bundle.trim() === "") return { problem: 'its package.json has no "forge": { "bundle": "<path>" } field' };
  const version = obj(pkg)!.version;
  return { version: typeof version === "string" && version !== "" ? version.slice(0, 256) : "unversioned", bundle };
}

/** The absolute bundle path a manifest names, or null when it leaves the package directory. */
export function manifestBundlePath(packageDir: string, bundle: string): string | null {
  const abs = resolve(packageDir, bundle);
  const rel = relative(packageDir, abs);
  return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : abs;
}

/**
 * The directory of package `name` as Node looks it up from `projectRoot`: the first of Node's own node_modules
 * directories (require.resolve.paths) holding `<name>/package.json` (npm, npm workspaces and pnpm all satisfy this).
 * The path is kept as found, not resolved to its real path as require.resolve would: a package.json that is a link
 * out of the package must not move the package somewhere else. createRequire needs a file name but not an existing
 * file, so a project without package.json works too.
 */
export function findPackageDir(projectRoot: string, name: string): string | null {
  const require = createRequire(join(projectRoot, "package.json"));
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, "package.json"))) return join(dir, name);
  }
  return null;
}
