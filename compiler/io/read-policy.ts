// Finds the team policy a build is checked against: `--policy <package|file>` (a package from the project's
// node_modules, a bundle file from the current directory), else forge.yaml's expectPolicy (a file relative to forge.yaml).
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { configOf } from "../phases/config-settings.js";
import type { PolicyInput, SourceTree } from "../types.js";
import { displayPath } from "../output/display-path.js";
import { readLibrary } from "./read-libraries.js";

/** Whether `--policy` names a file rather than an npm package: a path that exists, a .json name, or a relative/absolute path. */
function namesFile(arg: string, cwd: string): boolean {
  if (arg.endsWith(".json") || arg.startsWith(".") || arg.startsWith("/")) return true;
  if (!arg.startsWith("@") && arg.includes("/")) return true;
  const file = resolve(cwd, arg);
  return existsSync(file) && statSync(file).isFile();
}

function fromFile(name: string, file: string, cwd: string, from: PolicyInput["from"], signedBy: readonly string[] | undefined): PolicyInput {
  const by = signedBy === undefined ? {} : { signedBy };
  const read = readBoundedText(file, LIMITS.maxBundleBytes);
  if (!read.ok)
    return read.reason === "absent" ? { name, from, ...by, status: "missing" } : { name, from, ...by, status: "not-forge", reason: `${name} ${read.detail}` };
  return { name, from, ...by, status: "installed", version: null, bundleText: read.text, bundlePath: displayPath(cwd, file) };
}

function fromPackage(name: string, projectRoot: string, from: PolicyInput["from"], signedBy: readonly string[] | undefined): PolicyInput {
  const by = signedBy === undefined ? {} : { signedBy };
  const lib = readLibrary(projectRoot, name);
  if (lib.status === "installed")
    return { name, from, ...by, status: "installed", version: lib.version, bundleText: lib.bundleText, bundlePath: lib.bundlePath };
  return lib.status === "missing" ? { name, from, ...by, status: "missing" } : { name, from, ...by, status: "not-forge", reason: lib.reason };
}

/** `--policy <package|file>` alone (forge verify, forge explain): a package from `projectRoot`'s node_modules, a file from cwd. */
export function readPolicyArg(arg: string, projectRoot: string, cwd: string): PolicyInput {
  return namesFile(arg, cwd) ? fromFile(arg, resolve(cwd, arg), cwd, "cli", undefined) : fromPackage(arg, projectRoot, "cli", undefined);
}

/** The policy to check against, or undefined when neither --policy nor expectPolicy names one. */
export function readPolicyInput(target: { root: string; forgeRoot: string }, tree: SourceTree, arg: string | undefined, cwd: string): PolicyInput | undefined {
  if (arg !== undefined) return readPolicyArg(arg, target.root, cwd);
  const expected = configOf(tree)?.expectPolicy;
  if (expected === undefined) return undefined;
  if (expected.file !== undefined) return fromFile(expected.file, resolve(target.forgeRoot, expected.file), cwd, "config", expected.signedBy);
  return expected.package === undefined ? undefined : fromPackage(expected.package, target.root, "config", expected.signedBy);
}
