// Test helper: materializes a fixture case (input/ plus optional case.json extras) and compiles it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compile } from "../../compiler/compile.js";
import type { CompileResult } from "../../compiler/types.js";
import type { Mode, Preset } from "../../generated/types.js";
import { readSourceTree } from "./source-tree.js";

export const FIXTURES_DIR = join(import.meta.dirname, "..", "fixtures", "compile");

/**
 * case.json (all optional): `files` adds generated files (bytes git would mangle, or huge ones);
 * `symlinks` creates links at test time; `fileCount` overrides the reader's count; `builtin: true` compiles
 * the case's builtin/ folder first (scope builtin) and offers its modes as options.builtinModes.
 */
export interface CaseSpec {
  files?: Record<string, string | { base64: string } | { repeat: string; count: number }>;
  symlinks?: { path: string; target: string }[];
  fileCount?: number;
  builtin?: boolean;
}

export const FIXED_OPTIONS = { scope: "project", forgeVersion: "0.0.0-test" } as const;

export function readCaseSpec(caseDir: string): CaseSpec {
  const file = join(caseDir, "case.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CaseSpec) : {};
}

function materialize(caseDir: string, spec: CaseSpec): { root: string; cleanup: () => void } {
  const tmp = mkdtempSync(join(tmpdir(), "forge-fixture-"));
  const root = join(tmp, "forge");
  mkdirSync(root);
  if (existsSync(join(caseDir, "input"))) cpSync(join(caseDir, "input"), root, { recursive: true });
  for (const [path, content] of Object.entries(spec.files ?? {})) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    if (typeof content === "string") writeFileSync(abs, content);
    else if ("base64" in content) writeFileSync(abs, Buffer.from(content.base64, "base64"));
    else writeFileSync(abs, content.repeat.repeat(content.count));
  }
  for (const link of spec.symlinks ?? []) {
    const abs = join(root, link.path);
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
  return { root, cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

export function compileCase(caseDir: string): CompileResult {
  const spec = readCaseSpec(caseDir);
  const { root, cleanup } = materialize(caseDir, spec);
  try {
    const tree = readSourceTree(root);
    if (spec.fileCount !== undefined) tree.fileCount = spec.fileCount;
    let builtinModes: Record<string, Mode | undefined> | undefined;
    let builtinPresets: Record<string, Preset | undefined> | undefined;
    if (spec.builtin) {
      const builtin = compile(readSourceTree(join(caseDir, "builtin")), { scope: "builtin", forgeVersion: "0.0.0-test" });
      if (!builtin.bundle) throw new Error(`builtin/ of ${caseDir} does not compile: ${JSON.stringify(builtin.diagnostics)}`);
      builtinModes = builtin.bundle.modes;
      builtinPresets = builtin.bundle.presets;
    }
    return compile(tree, { ...FIXED_OPTIONS, builtinModes, builtinPresets });
  } finally {
    cleanup();
  }
}
