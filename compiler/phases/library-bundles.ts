// Forge libraries: verifies each bundle forge.yaml lists (as the I/O edge found it) and layers them in listed order, a
// later one winning per key (core/layering.ts).
import { SUPPORTED_BUNDLE_FORMAT, describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import { describeValidationError } from "../../core/error-text.js";
import { validateBundleStrict } from "../../generated/cache-validators.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { layerComponents, type Layered } from "../../core/layering.js";
import type { ForgeBundle } from "../../generated/types.js";
import {
  libraryInvalid,
  libraryNotForge,
  libraryNotInstalled,
  libraryPatternRefused,
  librarySignerRequired,
  libraryUnsupportedFormat,
  signedByUnknownLibrary,
} from "../diagnostics/codes.js";
import { describeSigner, signersOf } from "../../core/bundle-signature.js";
import { suggestClosest } from "../../core/suggest.js";
import { recompileLibraryPatterns } from "./library-patterns.js";
import type { LibraryInput } from "../types.js";
import type { ValidConfig } from "./3-validate.js";
import { whereAt } from "./yaml-positions.js";

/** A verified library bundle, with where forge.yaml lists it. */
export interface LoadedLibrary {
  name: string;
  version: string;
  bundle: ForgeBundle;
  where: Where;
}

/** The libraries in listed order, and per key the mode or preset that wins (the last library defining it). */
export interface LayeredLibraries extends Layered<LoadedLibrary> {
  libraries: LoadedLibrary[];
  /** Where forge.yaml lists each library by name (also those that failed). */
  listed: ReadonlyMap<string, Where>;
}

export const NO_LIBRARIES: LayeredLibraries = { libraries: [], modes: new Map(), presets: new Map(), listed: new Map() };

/** Verifies one installed library's bundle text; a diagnostic for the first kind of problem, else the bundle. */
function verifyLibrary(input: Extract<LibraryInput, { status: "installed" }>, where: Where): ForgeBundle | Diagnostic {
  const verified = verifyBundleText(input.bundleText, "library");
  const bundle = verified.bundle;
  // A library's patterns are recompiled from their sources below, and the project bundle they are carried into is held
  // to the pattern bound: what a library stores beside them, and its own total, decide nothing.
  const problems = verified.problems.filter((p) => p.kind !== "pattern" && p.kind !== "pattern-cost");
  const first = problems[0];
  if (first === undefined) {
    // The runtime's check skips build-time fields (the lock, extends, library markers); the compiler reads them.
    if (validateBundleStrict(bundle)) {
      const recompiled = recompileLibraryPatterns(bundle!);
      return recompiled.problem === null ? recompiled.bundle : libraryPatternRefused(where, input.name, input.bundlePath, recompiled.problem);
    }
    return libraryInvalid(
      where,
      input.name,
      input.bundlePath,
      describeBundleProblem({ kind: "schema", detail: describeValidationError(validateBundleStrict) }),
      0,
    );
  }
  switch (first.kind) {
    case "format":
      return libraryUnsupportedFormat(where, input.name, first.format, SUPPORTED_BUNDLE_FORMAT);
    case "scope":
      return libraryNotForge(where, input.name, `its bundle ${input.bundlePath} declares scope "${first.declared}" (written by forge build without --library)`);
    default:
      return libraryInvalid(where, input.name, input.bundlePath, describeBundleProblem(first), problems.length - 1);
  }
}

/**
 * forge.yaml's signedBy: a library listed there is refused unless one of its (verified) signatures is by a listed key;
 * an entry for a package that is not listed requires nothing, which is said.
 */
function checkSignedBy(config: ValidConfig, name: string, bundle: ForgeBundle): Diagnostic | null {
  const required = config.data.signedBy ?? {};
  if (!Object.hasOwn(required, name)) return null;
  const keys = required[name] ?? [];
  const signers = signersOf(bundle);
  if (signers.some((s) => keys.includes(s.fingerprint))) return null;
  return librarySignerRequired(whereAt(config.source, ["signedBy", name]), name, keys, signers.map(describeSigner));
}

function unlistedSignedBy(config: ValidConfig | null): Diagnostic[] {
  const listed = config?.data.libraries ?? [];
  return Object.keys(config?.data.signedBy ?? {})
    .filter((name) => !listed.includes(name))
    .map((name) => signedByUnknownLibrary(whereAt(config!.source, ["signedBy", name], "key"), name, suggestClosest(name, listed)));
}

/** Verifies and layers the libraries forge.yaml lists; `inputs` are what the I/O edge resolved, by name. */
export function loadLibraries(config: ValidConfig | null, inputs: readonly LibraryInput[]): { layered: LayeredLibraries; diagnostics: Diagnostic[] } {
  const names = config?.data.libraries ?? [];
  const unlisted = unlistedSignedBy(config);
  if (names.length === 0) return { layered: NO_LIBRARIES, diagnostics: unlisted };
  const diagnostics: Diagnostic[] = [...unlisted];
  const byName = new Map(inputs.map((i) => [i.name, i] as const));
  const listed = new Map<string, Where>();
  const libraries: LoadedLibrary[] = [];
  names.forEach((name, i) => {
    if (listed.has(name)) return; // a repeat is duplicate_list_entry (validate); the first listing counts
    const where = whereAt(config!.source, ["libraries", i]);
    listed.set(name, where);
    const input = byName.get(name) ?? { name, status: "missing" as const };
    if (input.status === "missing") diagnostics.push(libraryNotInstalled(where, name));
    else if (input.status === "not-forge") diagnostics.push(libraryNotForge(where, name, input.reason));
    else {
      const verified = verifyLibrary(input, where);
      const unsigned = "code" in verified ? null : checkSignedBy(config!, name, verified);
      if ("code" in verified) diagnostics.push(verified);
      else if (unsigned !== null) diagnostics.push(unsigned);
      else libraries.push({ name, version: input.version, bundle: verified, where });
    }
  });
  const { modes, presets } = layerComponents(libraries.map((library) => ({ origin: library, modes: library.bundle.modes, presets: library.bundle.presets })));
  return { layered: { libraries, modes, presets, listed }, diagnostics };
}
