// Test helper: runs a diagnostic code's catalog example the way forge meets such input (forge build through the real
// source reader, forge import's converters and existence check, the runtime's branch folds) and returns its diagnostics.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compile, emitBundleText } from "../../compiler/compile.js";
import { checkExistingFiles } from "../../compiler/import/existing-files.js";
import { IMPORTERS, KEY_SUFFIX } from "../../compiler/import/importers.js";
import { planExport } from "../../compiler/export/export-plan.js";
import { loadBuiltinBundle, resolveTarget } from "../../compiler/io/forge-target.js";
import { readTestSide } from "../../compiler/io/test-side.js";
import { readTargetTree } from "../../compiler/io/read-target-tree.js";
import type { LibraryInput } from "../../compiler/types.js";
import { buildCatalog } from "../../core/component-catalog.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { CodeExample, ExampleFile, ExampleLibrary } from "../../core/diagnostics/code-example.js";
import { findPendingLegacy, planLegacyMigration } from "../../core/legacy-state.js";
import { reduceBranch, type BranchEntryLike } from "../../core/mode-state-reducer.js";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import { composeSelection, driftWarning } from "../../core/composition.js";
import { composeLeavingOut, driftedKeys, driftPromptHeld } from "../../core/drift-answers.js";
import type { ForgeBundle, ForgeModeStateEntry } from "../../generated/types.js";
import { treeOf } from "../compiler/source-tree.js";
import { makeBundle } from "../runtime/helpers.js";
import { rehashBundle } from "./rehash-bundle.js";
import { loadBundleFile } from "../../io/bundle-file.js";
import { layerEscape } from "../../io/project-layers.js";
import { loadPolicies } from "../../io/policy-load.js";
import { withholding } from "../../runtime/policy-scopes.js";
import type { PolicyInput } from "../../compiler/types.js";
import { bareEnv } from "./home-guard.js";

const OPTIONS = { scope: "project", forgeVersion: "0.0.0-test" } as const;
const builtin = loadBuiltinBundle().bundle!;

function bytesOf(file: ExampleFile): Buffer {
  if (typeof file === "string") return Buffer.from(file, "utf8");
  if ("bytes" in file) return Buffer.from(file.bytes, "hex");
  return Buffer.from(file.repeat.repeat(file.count), "utf8");
}

function write(root: string, path: string, bytes: Buffer | string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), bytes);
}

/** The LibraryInput the I/O edge would hand over for an installed, missing or foreign package. */
/** A bundle's text with the JSON pointer set to a value (and every digest recomputed after it, with `rehash`). */
function tampered(bundleText: string, tamper: NonNullable<ExampleLibrary["tamper"]>): string {
  const value = JSON.parse(bundleText) as Record<string, unknown>;
  const parts = tamper.pointer.split("/").slice(1);
  let node = value;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts[parts.length - 1]!] = tamper.value;
  if (tamper.rehash) rehashBundle(value as unknown as ForgeBundle);
  return `${JSON.stringify(value, null, 2)}\n`;
}

function libraryInput(lib: ExampleLibrary): LibraryInput {
  if (lib.missing) return { name: lib.name, status: "missing" };
  if (lib.notForge !== undefined) return { name: lib.name, status: "not-forge", reason: lib.notForge };
  const version = lib.version ?? "1.0.0";
  const bundlePath = `node_modules/${lib.name}/forge-bundle.json`;
  if (lib.bundleText !== undefined) return { name: lib.name, status: "installed", version, bundleText: lib.bundleText, bundlePath };
  const built = compile(treeOf(lib.sources ?? {}), {
    scope: "library",
    forgeVersion: "0.0.0-test",
    layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }],
  });
  if (built.bundle === null) throw new Error(`the library ${lib.name} of an example does not build: ${JSON.stringify(built.diagnostics)}`);
  let bundleText = emitBundleText(built.bundle);
  if (lib.tamper) bundleText = tampered(bundleText, lib.tamper);
  return { name: lib.name, status: "installed", version, bundleText, bundlePath };
}

/** Thousands of files are created in memory-backed /dev/shm where there is one: on a busy disk that is seconds faster. */
function scratchDir(many: boolean): string {
  return mkdtempSync(join(many && existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "forge-example-"));
}

/** The team policy an example's build is checked against, as compiler/io/read-policy.ts would hand it over. */
function policyInput(lib: ExampleLibrary, files: Record<string, ExampleFile>): PolicyInput {
  const config = files["forge.yaml"];
  const from = typeof config === "string" && config.includes("expectPolicy") ? "config" : "cli";
  const input = libraryInput(lib);
  if (input.status !== "installed") return { ...input, from };
  return { name: lib.name, from, status: "installed", version: input.version, bundleText: input.bundleText, bundlePath: input.bundlePath };
}

function runCompile(example: Extract<CodeExample, { kind: "compile" }>): Diagnostic[] {
  const tmp = scratchDir(example.generate !== undefined || example.projectGenerate !== undefined);
  // A project around the forge root, as forge build reads it: .pi/forge/ and, for nested context files, its directories.
  const project = join(tmp, "project");
  const root = join(project, ".pi", "forge");
  try {
    mkdirSync(root, { recursive: true });
    for (const [path, file] of Object.entries(example.project ?? {})) write(project, path, bytesOf(file));
    const pg = example.projectGenerate;
    if (pg) for (let n = 1; n <= pg.count; n++) write(project, pg.path.replace("{n}", String(n)), pg.text);
    for (const [path, file] of Object.entries(example.files)) write(root, path, bytesOf(file));
    const g = example.generate;
    if (g) for (let n = 1; n <= g.count; n++) write(root, g.path.replace("{n}", String(n)), g.text);
    for (const link of example.symlinks ?? []) {
      mkdirSync(dirname(join(root, link.path)), { recursive: true });
      symlinkSync(link.target, join(root, link.path));
    }
    const libraries = (example.libraries ?? []).map(libraryInput);
    const scope = example.scope ?? "project";
    const tree = readTargetTree({ scope, root: project, forgeRoot: root }, bareEnv());
    const policy = example.policy === undefined ? {} : { policy: policyInput(example.policy, example.files) };
    const layersBeneath = [{ name: null, modes: builtin.modes, presets: builtin.presets }];
    return compile(tree, { ...OPTIONS, scope, layersBeneath, libraries, ...policy }).diagnostics;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function runImport(example: Extract<CodeExample, { kind: "import" }>): Diagnostic[] {
  const inputs = Object.entries(example.files).map(([path, text]) => ({ path, text }));
  const result = IMPORTERS[example.format](inputs, { overlay: false, builtinModeKeys: Object.keys(builtin.modes), suffix: KEY_SUFFIX[example.format] });
  const existing = new Set(example.existing ?? []);
  return [...result.diagnostics, ...checkExistingFiles(Object.keys(result.sources), (p) => existing.has(p), ".pi/forge/", false)];
}

/** forge build of the sources, then forge export's plan against the project files the example says exist. */
function runExport(example: Extract<CodeExample, { kind: "export" }>): Diagnostic[] {
  const built = compile(treeOf(example.files), { ...OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: builtin.presets }] });
  if (built.bundle === null) throw new Error(`the sources of an export example do not build: ${JSON.stringify(built.diagnostics)}`);
  const existing = example.existing ?? {};
  const plan = planExport({
    bundle: built.bundle,
    target: example.target,
    presetKey: example.preset ?? null,
    builtinModes: builtin.modes,
    forgeRoot: ".pi/forge/",
    bundleFile: ".pi/forge/bundle.json",
    force: false,
    existing: (path) => existing[path] ?? null,
    listOwned: (dir, suffix) => Object.keys(existing).filter((p) => p.startsWith(`${dir}/`) && p.endsWith(suffix)),
  });
  return [...built.diagnostics, ...plan.diagnostics];
}

function runReplay(example: Extract<CodeExample, { kind: "replay" }>): Diagnostic[] {
  const branch = example.branch as BranchEntryLike[];
  const pending = findPendingLegacy(branch);
  const plan = pending.legacy && example.modes ? planLegacyMigration(buildCatalog({ global: makeBundle("global", example.modes) }), pending.legacy) : null;
  return [
    ...reduceBranch(branch).diagnostics,
    ...foldUpdateEvents(branch).diagnostics,
    ...pending.diagnostics,
    ...(plan && plan.kind !== "none" ? [plan.diagnostic] : []),
  ];
}

/** The turn's notice as turn-composer.ts decides it: the fallback, else drift composed under policy warn. */
function runCompose(example: Extract<CodeExample, { kind: "compose" }>): Diagnostic[] {
  const catalog = buildCatalog({ project: makeBundle("project", example.modes) });
  const pinned = (key: string) => ({
    digest: example.changed?.includes(key) || !catalog.modes.has(key) ? "0".repeat(64) : catalog.modes.get(key)!.mode.digest,
    scope: "project" as const,
  });
  const keys = [...(example.base === null ? [] : [example.base]), ...example.overlays];
  const state: ForgeModeStateEntry = {
    v: 1,
    base: example.base,
    overlays: example.overlays,
    preset: null,
    components: Object.fromEntries(keys.map((k) => [k, pinned(k)])),
    bundleHashes: {},
    driftPolicy: example.driftPolicy,
    source: "command",
    activatedAt: "2026-11-30T08:00:00.000Z",
    ...(example.base !== null && !example.unconfirmed && catalog.modes.get(example.base)?.mode.strategy === "replace_final"
      ? { confirmedExact: pinned(example.base).digest }
      : {}),
  };
  const vars = { cwd: "/repo", date: "2026-11-30", time: "08:00", model: "test-model", os: "linux", mode: "", preset: "" };
  const result = composeSelection(catalog, { state, error: null }, vars);
  // The drift dialog's answers (runtime/drift-hold.ts): what the turn then composes, or the prompt held back.
  if (example.answer === "leave-out") return [composeLeavingOut(catalog, state, vars, driftedKeys(result.drift)).notice];
  if (example.answer === "cancel") return [driftPromptHeld(driftedKeys(result.drift))];
  if (result.fallback !== null) return [result.fallback];
  return result.drift.length > 0 && state.driftPolicy === "warn" ? [driftWarning(result.drift)] : [];
}

/** A project as a clone holds it, its layer loaded as the extension loads it: the place checked, then the bundle read. */
function runLoad(example: Extract<CodeExample, { kind: "load" }>): Diagnostic[] {
  const tmp = scratchDir(false);
  const root = join(tmp, "project");
  try {
    mkdirSync(root);
    for (const [path, text] of Object.entries(example.files)) write(root, path, text);
    for (const link of example.symlinks ?? []) {
      mkdirSync(dirname(join(root, link.path)), { recursive: true });
      symlinkSync(link.target, join(root, link.path));
    }
    const layer = { root, file: join(root, ".pi", "forge", "bundle.json") };
    if (example.built) {
      const built = compile(treeOf(example.built.sources), { ...OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: builtin.presets }] });
      if (built.bundle === null) throw new Error(`the sources of a load example do not build: ${JSON.stringify(built.diagnostics)}`);
      write(root, ".pi/forge/bundle.json", tampered(JSON.stringify(built.bundle), example.built.tamper));
    }
    const escape = layerEscape(layer, null);
    if (escape !== null) return [escape];
    const load = loadBundleFile(layer.file, "project");
    return load.status === "refused" ? [load.diagnostic] : [];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The team policy loaded as the extension loads it (from the global forge.yaml), then a project bundle judged by it. */
function runPolicy(example: Extract<CodeExample, { kind: "policy" }>): Diagnostic[] {
  const tmp = scratchDir(false);
  try {
    const agentDir = join(tmp, "agent");
    write(agentDir, "forge/forge.yaml", example.settings);
    if (example.policy) write(agentDir, "forge/team-policy.json", (libraryInput(example.policy) as { bundleText: string }).bundleText);
    const { state } = loadPolicies({ env: {}, agentDir, systemFile: join(tmp, "no-managed-settings.yaml") });
    if (state.kind === "failed") return [state.diagnostic];
    if (example.project === undefined) return [];
    const built = compile(treeOf(example.project), { ...OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: builtin.presets }] });
    if (built.bundle === null) throw new Error(`the project of a policy example does not build: ${JSON.stringify(built.diagnostics)}`);
    const source = { scope: "project" as const, layer: tmp, bundle: built.bundle, trusted: true, file: ".pi/forge/bundle.json" };
    const held = withholding(state, source);
    return held?.diagnostic ? [held.diagnostic] : [];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** forge test's reading of the example's sources and test files: every diagnostic of the test files (the sources build). */
function runTest(example: Extract<CodeExample, { kind: "test" }>): Diagnostic[] {
  const tmp = scratchDir(false);
  const root = join(tmp, "project");
  try {
    for (const [path, text] of Object.entries(example.files)) write(join(root, ".pi", "forge"), path, text);
    const side = readTestSide(resolveTarget({ root }, { PATH: process.env.PATH }, root));
    return side.diagnostics;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function runExample(example: CodeExample): Diagnostic[] {
  switch (example.kind) {
    case "compile":
      return runCompile(example);
    case "import":
      return runImport(example);
    case "export":
      return runExport(example);
    case "replay":
      return runReplay(example);
    case "compose":
      return runCompose(example);
    case "load":
      return runLoad(example);
    case "policy":
      return runPolicy(example);
    case "test":
      return runTest(example);
  }
}
