// Test helper: materializes a fixture case (input/ plus optional case.json extras) and compiles it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compile } from "../../compiler/compile.js";
import { emitBundleText } from "../../compiler/compile.js";
import type { CompileResult, LibraryInput, PolicyInput } from "../../compiler/types.js";
import type { ForgeBundle, Mode, Preset } from "../../generated/types.js";
import { rehashBundle } from "../support/rehash-bundle.js";
import { readTargetTree } from "../../compiler/io/read-target-tree.js";
import { readSourceTree } from "./source-tree.js";
import { bareEnv } from "../support/home-guard.js";

export const FIXTURES_DIR = join(import.meta.dirname, "..", "fixtures", "compile");

/**
 * case.json (all optional): `files` adds generated files (bytes git would mangle, or huge ones);
 * `symlinks` creates links at test time; `fileCount` overrides the reader's count; `builtin: true` compiles
 * the case's builtin/ folder first (scope builtin) and offers it as options.layersBeneath; `libraries` are
 * what the I/O edge would hand over for forge.yaml's entries (see CaseLibrary).
 */
export interface CaseSpec {
  files?: Record<string, string | { base64: string } | { repeat: string; count: number }>;
  symlinks?: { path: string; target: string }[];
  fileCount?: number;
  builtin?: boolean;
  libraries?: CaseLibrary[];
  /** Files of the project around .pi/forge/ (nested context files), relative to the project root; `project/` of the case too. */
  project?: Record<string, string | { base64: string } | { repeat: string; count: number }>;
  /** Symbolic links in the project (targets as in `symlinks`). */
  projectSymlinks?: { path: string; target: string }[];
  /** `count` project files at `path` ({n} numbered from 1), each holding `text`. */
  projectGenerate?: { path: string; count: number; text: string };
  /** The build's scope (default project). */
  scope?: "project" | "global" | "library";
  /** The team policy the sources are checked against (forge build --policy), a case library whose dir holds a policy.yaml. */
  policy?: CaseLibrary;
}

/**
 * One library as node_modules would hold it: `dir` is compiled as a forge root (scope library, with the case's
 * built-in modes; `scope` overrides that), `tamper` then sets a JSON pointer in its bundle without fixing digests, or `bundleText` is given
 * raw; `missing` and `notForge` stand for a package that is not installed or has no forge bundle.
 */
export interface CaseLibrary {
  name: string;
  version?: string;
  dir?: string;
  tamper?: { pointer: string; value: unknown };
  /** After tamper, recompute every digest and the bundleHash: a hand-made bundle that verifies but breaks the schema. */
  rehash?: true;
  /** Build `dir` for another scope than library (a project bundle published by mistake). */
  scope?: "project";
  bundleText?: string;
  missing?: true;
  notForge?: string;
}

export const FIXED_OPTIONS = { scope: "project", forgeVersion: "0.0.0-test" } as const;

export function readCaseSpec(caseDir: string): CaseSpec {
  const file = join(caseDir, "case.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CaseSpec) : {};
}

type CaseFile = NonNullable<CaseSpec["files"]>[string];

function writeCaseFile(abs: string, content: CaseFile): void {
  mkdirSync(dirname(abs), { recursive: true });
  if (typeof content === "string") writeFileSync(abs, content);
  else if ("base64" in content) writeFileSync(abs, Buffer.from(content.base64, "base64"));
  else writeFileSync(abs, content.repeat.repeat(content.count));
}

/** The case's forge root lives in a project (`<tmp>/project/.pi/forge`), so nested context files can sit around it. */
function materialize(caseDir: string, spec: CaseSpec): { root: string; project: string; cleanup: () => void } {
  const tmp = mkdtempSync(join(tmpdir(), "forge-fixture-"));
  const project = join(tmp, "project");
  const root = join(project, ".pi", "forge");
  mkdirSync(root, { recursive: true });
  if (existsSync(join(caseDir, "input"))) cpSync(join(caseDir, "input"), root, { recursive: true });
  if (existsSync(join(caseDir, "project"))) cpSync(join(caseDir, "project"), project, { recursive: true });
  for (const [path, content] of Object.entries(spec.files ?? {})) writeCaseFile(join(root, path), content);
  for (const [path, content] of Object.entries(spec.project ?? {})) writeCaseFile(join(project, path), content);
  const g = spec.projectGenerate;
  if (g) for (let n = 1; n <= g.count; n++) writeCaseFile(join(project, g.path.replace("{n}", String(n))), g.text);
  const links = [...(spec.symlinks ?? []).map((l) => ({ ...l, base: root })), ...(spec.projectSymlinks ?? []).map((l) => ({ ...l, base: project }))];
  for (const link of links) {
    const abs = join(link.base, link.path);
    mkdirSync(dirname(abs), { recursive: true });
    // A target starting with "@outside/" points next to the root (created here); a trailing "/" makes a directory.
    const outside = link.target.startsWith("@outside/");
    const target = outside ? join(tmp, link.target.slice(1)) : link.target;
    if (outside && target.endsWith("/")) {
      mkdirSync(target, { recursive: true });
      writeFileSync(join(target, "notes.md"), "secret outside the root\n");
    } else if (outside) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, "secret outside the root\n");
    }
    symlinkSync(target, abs);
  }
  return { root, project, cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

export function compileCase(caseDir: string): CompileResult {
  const spec = readCaseSpec(caseDir);
  const { root, project, cleanup } = materialize(caseDir, spec);
  try {
    const scope = spec.scope ?? "project";
    // Read as forge build reads a project: its sources and, when forge.yaml asks, its nested context files.
    const tree = readTargetTree({ scope, root: project, forgeRoot: root }, bareEnv());
    if (spec.fileCount !== undefined) tree.fileCount = spec.fileCount;
    let builtinModes: Record<string, Mode | undefined> | undefined;
    let builtinPresets: Record<string, Preset | undefined> | undefined;
    if (spec.builtin) {
      const builtin = compile(readSourceTree(join(caseDir, "builtin")), { scope: "builtin", forgeVersion: "0.0.0-test" });
      if (!builtin.bundle) throw new Error(`builtin/ of ${caseDir} does not compile: ${JSON.stringify(builtin.diagnostics)}`);
      builtinModes = builtin.bundle.modes;
      builtinPresets = builtin.bundle.presets;
    }
    const libraries = (spec.libraries ?? []).map((lib) => caseLibrary(caseDir, lib, builtinModes));
    const layersBeneath = builtinModes ? [{ name: null, modes: builtinModes, presets: builtinPresets ?? {} }] : [];
    const policy = spec.policy === undefined ? {} : { policy: casePolicy(caseDir, spec.policy, builtinModes) };
    return compile(tree, { ...FIXED_OPTIONS, scope, layersBeneath, libraries, ...policy });
  } finally {
    cleanup();
  }
}

/** The team policy a case checks against, as compiler/io/read-policy.ts would hand it over for `--policy <name>`. */
function casePolicy(caseDir: string, lib: CaseLibrary, builtinModes: Record<string, Mode | undefined> | undefined): PolicyInput {
  const input = caseLibrary(caseDir, lib, builtinModes);
  if (input.status !== "installed") return { ...input, from: "cli" };
  return { name: input.name, from: "cli", status: "installed", version: input.version, bundleText: input.bundleText, bundlePath: input.bundlePath };
}

/** The LibraryInput a case library stands for (compiled from its folder like forge build --library would). */
function caseLibrary(caseDir: string, lib: CaseLibrary, builtinModes: Record<string, Mode | undefined> | undefined): LibraryInput {
  if (lib.missing) return { name: lib.name, status: "missing" };
  if (lib.notForge !== undefined) return { name: lib.name, status: "not-forge", reason: lib.notForge };
  const bundlePath = `node_modules/${lib.name}/forge-bundle.json`;
  const version = lib.version ?? "1.0.0";
  if (lib.bundleText !== undefined) return { name: lib.name, status: "installed", version, bundleText: lib.bundleText, bundlePath };
  const built = compile(readSourceTree(join(caseDir, lib.dir!)), {
    scope: lib.scope ?? "library",
    forgeVersion: "0.0.0-test",
    ...(builtinModes ? { layersBeneath: [{ name: null, modes: builtinModes, presets: {} }] } : {}),
  });
  if (!built.bundle) throw new Error(`${lib.dir} of ${caseDir} does not compile: ${JSON.stringify(built.diagnostics)}`);
  let bundleText = emitBundleText(built.bundle);
  if (lib.tamper) {
    const value = JSON.parse(bundleText) as Record<string, unknown>;
    const parts = lib.tamper.pointer.split("/").slice(1);
    let node = value as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
    node[parts[parts.length - 1]!] = lib.tamper.value;
    if (lib.rehash) rehashBundle(value as unknown as ForgeBundle);
    bundleText = JSON.stringify(value, null, 2) + "\n";
  }
  return { name: lib.name, status: "installed", version, bundleText, bundlePath };
}
