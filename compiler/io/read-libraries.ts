// Finds the forge libraries forge.yaml lists in the project's node_modules (Node's own resolution) and reads their bundles.
import { LIMITS } from "../../generated/constants.js";
import { findPackageDir, manifestBundlePath, readLibraryManifest, readPackageFile } from "../../io/package-files.js";
import { listedLibraries } from "../phases/config-settings.js";
import type { LibraryInput, SourceTree } from "../types.js";
import { posixRelative } from "./read-sources.js";

export { manifestBundlePath, readLibraryManifest, readPackageFile, type LibraryManifest } from "../../io/package-files.js";

/** One listed library as the pure compile needs it; never throws (every problem becomes a diagnostic there). */
export function readLibrary(projectRoot: string, name: string): LibraryInput {
  const packageDir = findPackageDir(projectRoot, name);
  if (packageDir === null) return { name, status: "missing" };
  const manifest = readLibraryManifest(packageDir);
  if ("problem" in manifest) return { name, status: "not-forge", reason: manifest.problem };
  const abs = manifestBundlePath(packageDir, manifest.bundle);
  if (abs === null) return { name, status: "not-forge", reason: `its "forge": { "bundle": ${JSON.stringify(manifest.bundle)} } leaves the package directory` };
  const bundlePath = posixRelative(projectRoot, abs);
  const read = readPackageFile(packageDir, abs, LIMITS.maxBundleBytes);
  if (!read.ok) {
    const why = read.reason === "absent" ? "does not exist (the package was published without it: run forge build --library before npm publish)" : read.detail;
    return { name, status: "not-forge", reason: `its bundle ${bundlePath} ${why}` };
  }
  return { name, status: "installed", version: manifest.version, bundleText: read.text, bundlePath };
}

/** Every library the tree's forge.yaml lists, resolved from `projectRoot` (where node_modules is looked up). */
export function readLibraries(projectRoot: string, tree: SourceTree): LibraryInput[] {
  return listedLibraries(tree).map((name) => readLibrary(projectRoot, name));
}
