// forge export then forge import gives back every prompt byte for byte, for each target that carries it: over the real
// rule fixtures (imported, built, exported, imported again) and as a fast-check property over random text.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { planExport } from "../../compiler/export/export-plan.js";
import type { ExportTarget } from "../../compiler/export/export-types.js";
import { emitSourceYaml } from "../../compiler/import/emit-yaml.js";
import { IMPORTERS, KEY_SUFFIX, type ImportFormatName } from "../../compiler/import/importers.js";
import { escapeTemplateText } from "../../compiler/import/template-text.js";
import type { ImportInput } from "../../compiler/import/types.js";
import { loadBuiltinBundle } from "../../compiler/io/forge-target.js";
import { readRuleTree } from "../../compiler/io/read-rule-tree.js";
import type { ForgeBundle, Template } from "../../generated/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const builtin = loadBuiltinBundle().bundle!;
const NOWHERE = { file: null, start: null, end: null, path: "" };
/** The format that reads each target's files back. */
const READER: Record<Exclude<ExportTarget, "agents-md">, { format: ImportFormatName; dir: string }> = {
  cursor: { format: "cursor", dir: ".cursor/rules/" },
  claude: { format: "claude-rules", dir: ".claude/rules/" },
  roo: { format: "roo", dir: "" },
};

const textOf = (t: Template): string => t.map((s) => ("text" in s ? s.text : `{{${s.slot}}}`)).join("");

function build(sources: Record<string, string>): ForgeBundle {
  const result = compile(treeOf(sources), { ...FIXED_OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }] });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => `${d.file}: ${d.message}`)).toEqual([]);
  return result.bundle!;
}

/** Every prompt of a bundle by where a re-import puts it: modes, rules, and the blocks of every preset. */
function prompts(bundle: ForgeBundle): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, mode] of Object.entries(bundle.modes)) out.set(`text:${textOf(mode!.prompt)}`, key);
  for (const [id, rule] of Object.entries(bundle.rules ?? {})) out.set(`text:${textOf(rule!.content)}`, id);
  for (const preset of Object.values(bundle.presets)) for (const b of preset!.systemUpdates) out.set(`text:${textOf(b.content)}`, b.id);
  return out;
}

/** Exports `bundle` to `target` and imports the written files again into a fresh bundle. */
function roundTrip(bundle: ForgeBundle, target: Exclude<ExportTarget, "agents-md">, preset: string | null): ForgeBundle {
  const plan = planExport({
    bundle,
    target,
    presetKey: preset,
    builtinModes: builtin.modes,
    forgeRoot: ".pi/forge/",
    bundleFile: ".pi/forge/bundle.json",
    existing: () => null,
    listOwned: () => [],
    force: false,
  });
  expect(plan.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const reader = READER[target];
  const inputs: ImportInput[] = plan.writes
    .filter((f) => f.path.startsWith(reader.dir) && (target !== "claude" || f.path.startsWith(".claude/rules/")))
    .map((f) => ({ path: f.path, text: f.text, rel: f.path.slice(reader.dir.length) }));
  const result = IMPORTERS[reader.format](inputs, { overlay: false, builtinModeKeys: Object.keys(builtin.modes), suffix: KEY_SUFFIX[reader.format] });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return build(result.sources);
}

describe("export, then import: the real rule fixtures", () => {
  const root = join(import.meta.dirname, "..", "fixtures", "agents");
  const cases = (["cursor", "claude-rules", "rulesync"] as const).flatMap((format) => readdirSync(join(root, format)).map((repo) => [format, repo] as const));

  test.each(cases)("%s %s: every prompt a target carries comes back byte for byte", (format, repo) => {
    const read = readRuleTree(format, join(root, format, repo), repo, "rules");
    const imported = IMPORTERS[format](read.inputs, { overlay: false, builtinModeKeys: Object.keys(builtin.modes), suffix: KEY_SUFFIX[format] });
    const bundle = build(imported.sources);
    const preset = Object.keys(bundle.presets)[0] ?? null;
    const before = prompts(bundle);
    // Cursor carries modes, rules and blocks; Claude Code rules and the always-on modes; Roo every mode.
    const cursor = prompts(roundTrip(bundle, "cursor", preset));
    expect([...cursor.keys()].sort()).toEqual([...before.keys()].sort());
    const claude = prompts(roundTrip(bundle, "claude", preset));
    const carried = new Set([
      ...Object.values(bundle.rules ?? {}).map((r) => `text:${textOf(r!.content)}`),
      ...Object.values(bundle.modes).map((m) => `text:${textOf(m!.prompt)}`),
    ]);
    expect([...claude.keys()].sort()).toEqual([...carried].sort());
    const roo = prompts(roundTrip(bundle, "roo", null));
    expect([...roo.keys()].sort()).toEqual(
      Object.values(bundle.modes)
        .map((m) => `text:${textOf(m!.prompt)}`)
        .sort(),
    );
  });
});

describe("export, then import: any text", () => {
  // Braces and backslashes (handlebars), dashes and # (front matter), quotes and colons (YAML), CR, tabs, accents.
  const alphabet = fc.constantFrom("a", "Z", " ", "\n", "\r", "\t", "-", "#", ":", "{", "}", "\\", "!", ">", "é", "`", '"', "'", "*", "|");
  const text = fc
    .array(alphabet, { minLength: 1, maxLength: 30 })
    .map((c) => c.join(""))
    .filter((t) => t.trim() !== "");

  function sources(t: string): Record<string, string> {
    const emit = (source: object): string => emitSourceYaml({ key: "x", keyWhere: NOWHERE, entry: "t", comments: [], source });
    const escaped = escapeTemplateText(t);
    return {
      "rules/scoped.yaml": emit({ name: "scoped", description: "A scoped rule", when: { paths: ["src/**"] }, content: escaped }),
      "modes/always.yaml": emit({ label: "always", description: "Always on", strategy: "append", prompt: escaped }),
      "modes/role.yaml": emit({ label: "role", description: "A role", strategy: "replace_base", prompt: escaped }),
      "presets/team.yaml": emit({
        description: "The team's selection",
        overlays: ["always"],
        systemUpdates: [
          { id: "asked", name: "asked", description: "When asked", modelCallable: true, content: escaped },
          { id: "by-hand", name: "by-hand", description: "By hand", modelCallable: false, content: escaped },
        ],
      }),
    };
  }

  test.each(["cursor", "claude", "roo"] as const)("%s", (target) => {
    fc.assert(
      fc.property(text, (t) => {
        const bundle = build(sources(t));
        const back = roundTrip(bundle, target, target === "roo" ? null : "team");
        const texts = [
          ...Object.values(back.modes).map((m) => textOf(m!.prompt)),
          ...Object.values(back.rules ?? {}).map((r) => textOf(r!.content)),
          ...Object.values(back.presets).flatMap((p) => p!.systemUpdates.map((b) => textOf(b.content))),
        ];
        // cursor: the rule, the always-on mode, both blocks (the replace_base mode is not expressible); claude: the rule and the
        // always-on mode (role becomes an output style, which forge import claude-rules does not read); roo: both modes.
        expect(texts.length).toBe(target === "cursor" ? 4 : 2);
        for (const got of texts) expect(got).toBe(t.normalize("NFC"));
      }),
      { numRuns: 150 },
    );
  });
});
