// Reads the team policies in force: the managed settings (FORGE_POLICY's file, then /etc/pi-forge/forge.yaml), then the
// user's global forge.yaml, each naming a built policy package or bundle file that is verified like any bundle (digests,
// bundleHash, every signature) and against its signedBy. Anything that does not verify fails the whole policy closed.
import { dirname, join, resolve } from "node:path";
import { signersOf } from "../core/bundle-signature.js";
import { policyRefused } from "../core/diagnostics/policy-codes.js";
import { combinePolicies, type LoadedPolicy, type PolicyOrigin, type PolicyState } from "../core/policy.js";
import { parsePolicySetting } from "../core/policy-setting.js";
import { verifyPolicyText } from "../core/policy-verify.js";
import { LIMITS } from "../generated/constants.js";
import type { PolicyRef } from "../generated/types.js";
import { findPackageDir, manifestBundlePath, readLibraryManifest, readPackageFile } from "./package-files.js";
import { readBoundedText } from "./read-bounded.js";

/** The documented system path of the managed settings: writable only by an administrator on a managed machine. */
export const MANAGED_SETTINGS_FILE = "/etc/pi-forge/forge.yaml";
const MAX_SETTINGS_BYTES = 256 * 1024;

/** Where policies may be named, in the order they apply: managed first, the user's own last. */
export interface PolicyPlace {
  origin: PolicyOrigin;
  file: string;
  /** FORGE_POLICY names a file that must exist: a managed setting that vanished fails closed. */
  required: boolean;
}

export interface PolicyLoadOptions {
  env: NodeJS.ProcessEnv;
  agentDir: string;
  /** The managed system path (tests point it elsewhere); default MANAGED_SETTINGS_FILE. */
  systemFile?: string;
  /** The running extension's file: a policy package is also looked up beside it (npm install -g next to forge). */
  extensionFile?: string;
}

export interface PolicyLoad {
  state: PolicyState;
  /** Every file the load read or looked for: a change to any of them is a new policy (runtime/policy-loader.ts). */
  files: string[];
}

export function policyPlaces({ env, agentDir, systemFile = MANAGED_SETTINGS_FILE }: PolicyLoadOptions): PolicyPlace[] {
  const places: PolicyPlace[] = [];
  const named = env.FORGE_POLICY?.trim();
  if (named) places.push({ origin: "managed", file: resolve(named), required: true });
  if (!places.some((p) => p.file === systemFile)) places.push({ origin: "managed", file: systemFile, required: false });
  places.push({ origin: "user", file: join(agentDir, "forge", "forge.yaml"), required: false });
  return places;
}

type Read = { ok: true; name: string; version: string | null; file: string; text: string } | { ok: false; name: string; why: string };

/** The policy bundle a setting names: a file relative to the settings file, or a package found beside it or beside forge. */
function readNamed(ref: PolicyRef, place: PolicyPlace, extensionFile: string | undefined, files: string[]): Read {
  const base = dirname(place.file);
  if (ref.file !== undefined) {
    const file = resolve(base, ref.file);
    files.push(file);
    const read = readBoundedText(file, LIMITS.maxBundleBytes);
    return read.ok
      ? { ok: true, name: ref.file, version: null, file, text: read.text }
      : { ok: false, name: ref.file, why: `its bundle ${file} ${read.detail}` };
  }
  const name = ref.package!;
  const dir = findPackageDir(base, name) ?? (extensionFile === undefined ? null : findPackageDir(dirname(extensionFile), name));
  if (dir === null)
    return { ok: false, name, why: `the package is not installed where forge looks (node_modules beside ${place.file}, or beside the forge extension)` };
  files.push(join(dir, "package.json"));
  const manifest = readLibraryManifest(dir);
  if ("problem" in manifest) return { ok: false, name, why: manifest.problem };
  const file = manifestBundlePath(dir, manifest.bundle);
  if (file === null) return { ok: false, name, why: `its "forge": { "bundle" } leaves the package directory` };
  files.push(file);
  const read = readPackageFile(dir, file, LIMITS.maxBundleBytes);
  return read.ok ? { ok: true, name, version: manifest.version, file, text: read.text } : { ok: false, name, why: `its bundle ${file} ${read.detail}` };
}

/** Loads every policy named in `places`; the first that cannot be read or verified fails the whole state closed. */
export function loadPolicies(options: PolicyLoadOptions): PolicyLoad {
  const files: string[] = [];
  const sources: LoadedPolicy[] = [];
  const fail = (place: PolicyPlace, name: string, why: string): PolicyLoad => {
    const diagnostic = policyRefused(place.file, name, why);
    return { state: { kind: "failed", reason: diagnostic.message, diagnostic }, files };
  };
  for (const place of policyPlaces(options)) {
    files.push(place.file);
    const read = readBoundedText(place.file, MAX_SETTINGS_BYTES);
    if (!read.ok) {
      if (read.reason === "absent" && !place.required) continue;
      return fail(place, "(its settings)", `${place.file} ${read.detail}`);
    }
    const setting = parsePolicySetting(read.text);
    if (setting.kind === "none") continue;
    if (setting.kind === "unsure") return fail(place, "(its settings)", setting.problem);
    const named = readNamed(setting.ref, place, options.extensionFile, files);
    if (!named.ok) return fail(place, named.name, named.why);
    const verified = verifyPolicyText(named.text, setting.ref.signedBy);
    if ("why" in verified) return fail(place, named.name, verified.why);
    sources.push({
      origin: place.origin,
      name: named.name,
      version: named.version,
      file: named.file,
      settingsFile: place.file,
      bundle: verified.bundle,
      signers: signersOf(verified.bundle),
    });
  }
  return { state: sources.length === 0 ? { kind: "none" } : { kind: "ok", policy: combinePolicies(sources) }, files };
}
