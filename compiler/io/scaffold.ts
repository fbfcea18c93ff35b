// `forge init`: scaffolds a forge root with an example mode, preset, partial and (in a project) prompt test; never overwrites a file.
import { mkdirSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { findProjectLayers } from "../../io/project-layers.js";
import { entryExists } from "../../io/read-bounded.js";
import { pathToFileURL } from "node:url";
import type { InitReport } from "../output/render-init.js";
import { EXAMPLE_PARTIAL_MD, examplePresetYaml, exampleModeYaml, exampleTestYaml } from "./scaffold-templates.js";
import { packagePath, type ForgeTarget } from "./forge-target.js";
import { posixRelative } from "./read-sources.js";
import { createTextExclusive } from "../../io/atomic-write.js";

/** The npm package forge ships as (free on the registry as of 2026-11; the bin it installs is `forge`). */
export const PACKAGE_NAME = "pi-forge-modes";

/**
 * `node_modules/pi-forge-modes` (a directory, or the symlink `npm install <dir>` makes) in the root or, as Node resolves
 * packages, in an ancestor up to the repository root: a monorepo package finds the forge its repository root installed.
 * Never above the repository: a committed $schema line must not point outside it.
 */
export function installedPackageDir(root: string): string | null {
  const { repositoryRoot } = findProjectLayers(root);
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", PACKAGE_NAME);
    if (entryExists(candidate)) return candidate;
    if (repositoryRoot === null || dir === repositoryRoot || dirname(dir) === dir) return null;
  }
}

/**
 * Where `npm install --save-dev pi-forge-modes` will put forge for this project: the topmost directory with a
 * package.json from the project root up to the repository root (a monorepo installs at its root, and Node finds it
 * there from every package), else the repository root, else the project root.
 */
export function expectedInstallDir(root: string): string {
  const { repositoryRoot } = findProjectLayers(root);
  let found: string | null = null;
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    if (entryExists(join(dir, "package.json"))) found = dir;
    if (repositoryRoot === null || dir === repositoryRoot || dirname(dir) === dir) break;
  }
  return join(found ?? repositoryRoot ?? resolve(root), "node_modules", PACKAGE_NAME);
}

/**
 * How a scaffolded YAML file points at the shipped schema. When the repo has forge installed, a path relative to the
 * YAML file through the repo's own node_modules (also when that is a symlink from `npm install <dir>`): it survives
 * cloning the repo elsewhere once node_modules is installed there too. When forge itself sits under some node_modules,
 * a relative path to it. Otherwise (a development checkout run by path), an absolute file:// URL, which at least works
 * on this machine. The line is only an editor hint; the compiler ignores comments.
 */
export function schemaReference(yamlFile: string, schemaFile: string, installedDir: string | null = null): string {
  const relative = (to: string): string => {
    const rel = posixRelative(dirname(yamlFile), to);
    return rel.startsWith(".") ? rel : `./${rel}`;
  };
  if (installedDir !== null) return relative(join(installedDir, "schema", basename(schemaFile)));
  if (schemaFile.split(sep).includes("node_modules")) return relative(schemaFile);
  return pathToFileURL(schemaFile).href;
}

export function runInit(target: ForgeTarget): InitReport {
  // A mode and a preset with distinct keys, so `forge preview example` is the preset without asking which.
  const modeFile = join(target.forgeRoot, "modes", "small-steps.yaml");
  const presetFile = join(target.forgeRoot, "presets", "example.yaml");
  // The global scope is per user: forge is installed wherever that user runs it from. A project's files are committed,
  // so they point through its node_modules also before forge is installed there (a global forge's path is this machine's).
  const installed = target.scope === "project" ? installedPackageDir(target.root) : null;
  const schemaDir = target.scope === "project" ? (installed ?? expectedInstallDir(target.root)) : null;
  const files: Array<[string, string]> = [
    [modeFile, exampleModeYaml(schemaReference(modeFile, packagePath("schema", "mode.schema.json"), schemaDir))],
    [presetFile, examplePresetYaml(schemaReference(presetFile, packagePath("schema", "preset.schema.json"), schemaDir))],
    [join(target.forgeRoot, "partials", "small-steps.md"), EXAMPLE_PARTIAL_MD],
  ];
  // Prompt tests are a project's: forge test runs on the repository's sources.
  if (target.scope === "project") {
    const testFile = join(target.forgeRoot, "tests", "example.yaml");
    files.push([testFile, exampleTestYaml(schemaReference(testFile, packagePath("schema", "test.schema.json"), schemaDir))]);
  }
  const report: InitReport = {
    command: "init",
    scope: target.scope,
    path: target.displayForgeRoot,
    absolutePath: target.forgeRoot,
    created: [],
    skipped: [],
    installed: target.scope !== "project" || installed !== null,
  };
  for (const [file, text] of files) {
    mkdirSync(dirname(file), { recursive: true });
    const shown = `${target.displayForgeRoot}${posixRelative(target.forgeRoot, file)}`;
    (createTextExclusive(file, text) ? report.created : report.skipped).push(shown);
  }
  return report;
}
