// What each forge export target writes for each kind of component (the README's mapping tables), and what it reports.
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { planExport, type ExportResult } from "../../compiler/export/export-plan.js";
import { limitRegex } from "../../compiler/export/roo-export.js";
import type { ExportTarget } from "../../compiler/export/export-types.js";
import { importRoo } from "../../compiler/import/roo.js";
import { loadBuiltinBundle } from "../../compiler/io/forge-target.js";
import type { ForgeBundle } from "../../generated/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const builtin = loadBuiltinBundle().bundle!;

const SOURCES: Record<string, string> = {
  "rules/db.yaml":
    'name: Database\ndescription: Schema conventions.\nwhen:\n  paths: [src/db/**, "migrations/*.sql"]\n  tools: [edit]\ncontent: Every change needs a migration.\n',
  "modes/house.yaml": "label: house\ndescription: House style.\nstrategy: append\nprompt: Short sentences in {{cwd}}.\n",
  "rules/ts.yaml": 'name: ts\ndescription: TypeScript.\nwhen:\n  paths: ["src/**/*.{ts,tsx}"]\ncontent: Prefer unknown.\n',
  "rules/docs.yaml": "name: docs\ndescription: Docs files.\nwhen:\n  paths: [docs/**]\ncontent: Docs rule.\n",
  "modes/docs.yaml":
    "label: Docs\ndescription: Writes docs.\nstrategy: append\nprompt: Write for people.\ntools: [read, grep, find, ls, edit, write, bash]\nthinking: low\nconflictsWith: [shell]\nedits:\n  allow: [docs/**]\n  deny: [docs/secret/**]\n",
  "modes/ext.yaml": "label: ext\ndescription: Searches the web.\nstrategy: append\nprompt: Search first.\ntools: [read, grep, find, ls, edit, web_search]\n",
  "modes/exact.yaml": "label: exact\ndescription: The exact prompt.\nstrategy: replace_final\nprompt: Only this.\n",
  "presets/based.yaml": "description: Based.\nbase: persona\noverlays: [house]\n",
  "modes/shell.yaml":
    "label: shell\ndescription: Runs commands.\nstrategy: append\nprompt: Use the shell.\ntools: [read, bash]\nedits:\n  allow: [tmp/**]\n  bash: unchecked\n",
  "modes/persona.yaml": "label: persona\ndescription: A whole persona.\nstrategy: replace_base\nprompt: You are a careful engineer.\n",
  "presets/team.yaml":
    "description: The team.\noverlays: [house]\nsystemUpdates:\n" +
    "  - { id: asked, name: asked, description: When asked., modelCallable: true, content: Asked text. }\n" +
    "  - { id: manual, name: manual, description: By hand., modelCallable: false, content: Manual text. }\n" +
    "  - { id: scoped, name: scoped, description: For api., when: { paths: [src/api/**] }, content: Scoped text. }\n",
  "presets/other.yaml": "description: Another.\noverlays: [docs]\n",
};

const bundle: ForgeBundle = compile(treeOf(SOURCES), { ...FIXED_OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }] }).bundle!;

function run(target: ExportTarget, preset: string | null, existing: Record<string, string> = {}): ExportResult {
  return planExport({
    bundle,
    target,
    presetKey: preset,
    builtinModes: builtin.modes,
    forgeRoot: ".pi/forge/",
    bundleFile: ".pi/forge/bundle.json",
    force: false,
    existing: (p) => existing[p] ?? null,
    listOwned: (dir, suffix) => Object.keys(existing).filter((p) => p.startsWith(`${dir}/`) && p.endsWith(suffix)),
  });
}

const file = (r: ExportResult, path: string): string => r.writes.find((f) => f.path === path)?.text ?? "";
const body = (text: string): string => text.slice(text.indexOf("\n---\n\n") + 6);
const header = (text: string): string[] => text.slice(4, text.indexOf("\n---\n\n")).split("\n").slice(1);
const messages = (r: ExportResult): string[] => r.diagnostics.map((d) => `${d.file}: ${d.message}`);

describe("forge export cursor", () => {
  const r = run("cursor", "team");
  test("one .mdc per rule, overlay, other append mode and block, in Cursor's rule types", () => {
    expect(r.writes.map((f) => f.path).sort()).toEqual([
      ".cursor/rules/asked.mdc",
      ".cursor/rules/db.mdc",
      ".cursor/rules/docs-2.mdc",
      ".cursor/rules/docs.mdc",
      ".cursor/rules/ext.mdc",
      ".cursor/rules/house.mdc",
      ".cursor/rules/manual.mdc",
      ".cursor/rules/scoped.mdc",
      ".cursor/rules/shell.mdc",
      ".cursor/rules/ts.mdc",
    ]);
    expect(header(file(r, ".cursor/rules/db.mdc"))).toEqual(['description: "Schema conventions."', "globs: src/db/**, migrations/*.sql", "alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/house.mdc"))).toEqual(['description: "House style."', "alwaysApply: true"]);
    expect(header(file(r, ".cursor/rules/docs.mdc"))).toEqual(['description: "Docs files."', "globs: docs/**", "alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/docs-2.mdc"))).toEqual(["alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/ts.mdc"))).toEqual(['description: "TypeScript."', "globs:", '  - "src/**/*.{ts,tsx}"', "alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/asked.mdc"))).toEqual(['description: "When asked."', "alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/manual.mdc"))).toEqual(["alwaysApply: false"]);
    expect(header(file(r, ".cursor/rules/scoped.mdc"))).toEqual(['description: "For api."', "globs: src/api/**", "alwaysApply: false"]);
    expect(file(r, ".cursor/rules/db.mdc").split("\n")[1]).toMatch(
      /^# Generated by forge export cursor from \.pi\/forge\/rules\/db\.yaml \(bundle [0-9a-f]{12}\)\. Edit the source and run: npx --no-install forge export cursor --preset team$/,
    );
    expect(body(file(r, ".cursor/rules/house.mdc"))).toBe("Short sentences in {{cwd}}.");
  });
  test("reports what Cursor cannot express: names, tools, limits, slots, replace modes, other presets", () => {
    expect(r.diagnostics.filter((d) => !(d.code === "export_not_expressible" && d.severity === "warning")).map((d) => d.message)).toEqual([]);
    const m = messages(r);
    expect(m).toContain(
      '.pi/forge/rules/db.yaml: rule db: Cursor cannot express its name "Database", when.tools [edit] (the rule attaches for any tool that names a matching file); left out; the rule attaches by its globs.',
    );
    expect(m).toContain(".pi/forge/modes/house.yaml: mode house: Cursor cannot express the runtime variable {{cwd}}; written as literal text.");
    expect(m).toContain(
      ".pi/forge/modes/persona.yaml: mode persona: Cursor cannot express a replace_base mode (a prompt that replaces the agent's own); left out.",
    );
    expect(m.find((x) => x.startsWith(".pi/forge/modes/docs.yaml"))).toBe(
      '.pi/forge/modes/docs.yaml: mode docs: Cursor cannot express its description (a Cursor rule with one is Agent Requested), its label "Docs", tools [bash, edit, find, grep, ls, read, write], its edit limit (edits), thinking low, conflictsWith [shell]; written as a manual rule (@docs).',
    );
    expect(m).toContain(
      ".pi/forge/presets/other.yaml: preset other: Cursor cannot express a preset (Cursor has no presets); left out; pass --preset other to make it the always-on selection.",
    );
  });
  test("a built-in overlay of --preset is exported too, its banner naming forge's built-in mode", () => {
    const withBuiltin = compile(treeOf({ "presets/careful.yaml": "description: Careful.\noverlays: [review]\n" }), {
      ...FIXED_OPTIONS,
      layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }],
    }).bundle!;
    const plan = planExport({
      bundle: withBuiltin,
      target: "cursor",
      presetKey: "careful",
      builtinModes: builtin.modes,
      forgeRoot: ".pi/forge/",
      bundleFile: ".pi/forge/bundle.json",
      force: false,
      existing: () => null,
      listOwned: () => [],
    });
    const review = plan.writes.find((f) => f.path === ".cursor/rules/review.mdc")!.text;
    expect(review.split("\n")[1]).toMatch(/^# Generated by forge export cursor from forge's built-in mode review \(bundle /);
    expect(body(review)).toBe(builtin.modes.review!.prompt.map((seg) => ("text" in seg ? seg.text : `{{${seg.slot}}}`)).join(""));
  });

  test("without --preset nothing is always on: overlays are manual rules and no block is written", () => {
    const plain = run("cursor", null);
    expect(header(file(plain, ".cursor/rules/house.mdc"))).toEqual(["alwaysApply: false"]);
    expect(plain.writes.some((f) => f.path.endsWith("asked.mdc"))).toBe(false);
  });
});

describe("forge export claude", () => {
  const r = run("claude", "team");
  test("rules and scoped blocks get paths, overlays none; every other mode is an output style", () => {
    expect(r.writes.map((f) => f.path).sort()).toEqual([
      ".claude/output-styles/docs.md",
      ".claude/output-styles/exact.md",
      ".claude/output-styles/ext.md",
      ".claude/output-styles/persona.md",
      ".claude/output-styles/shell.md",
      ".claude/rules/db.md",
      ".claude/rules/docs.md",
      ".claude/rules/house.md",
      ".claude/rules/scoped.md",
      ".claude/rules/ts.md",
    ]);
    expect(header(file(r, ".claude/rules/db.md"))).toEqual(['description: "Schema conventions."', "paths:", '  - "src/db/**"', '  - "migrations/*.sql"']);
    expect(header(file(r, ".claude/rules/house.md"))).toEqual(['description: "House style."']);
    expect(header(file(r, ".claude/output-styles/docs.md"))).toEqual(['name: "Docs"', 'description: "Writes docs."', "keep-coding-instructions: true"]);
    expect(header(file(r, ".claude/output-styles/persona.md"))).toEqual([
      'name: "persona"',
      'description: "A whole persona."',
      "keep-coding-instructions: false",
    ]);
    expect(messages(r)).toContain(
      ".pi/forge/presets/team.yaml: block asked of preset team: Claude Code cannot express a dormant block the agent may switch on; left out.",
    );
    expect(messages(r)).toContain(
      ".pi/forge/modes/exact.yaml: mode exact: Claude Code cannot express an exact final prompt (Claude Code adds its own parts to an output style); left out of its output style.",
    );
  });
});

describe("forge export roo", () => {
  const r = run("roo", null);
  const text = file(r, ".roomodes");
  test("every mode is a Roo mode, its groups from its tools and edit limit", () => {
    expect(text.startsWith("# Generated by forge export roo from .pi/forge/bundle.json (bundle ")).toBe(true);
    const back = importRoo([{ path: ".roomodes", text }], { overlay: true, builtinModeKeys: [], suffix: "roo" });
    const modes = Object.fromEntries(Object.entries(back.sources).map(([p, t]) => [p, t]));
    expect(Object.keys(modes).sort()).toEqual([
      "modes/docs.yaml",
      "modes/exact.yaml",
      "modes/ext.yaml",
      "modes/house.yaml",
      "modes/persona.yaml",
      "modes/shell.yaml",
    ]);
    // docs: read and a limited edit group; bash is off under the limit, so no command group. Its limit denies paths, which
    // the fileRegex says with a lookahead: Roo runs it, but forge matches paths with RE2 only, so the mode imported back
    // cannot edit (fails closed) and the written file says why.
    expect(modes["modes/docs.yaml"]).toContain("tools: [read, grep, find, ls]\n");
    expect(modes["modes/docs.yaml"]).toContain("# not imported: group edit (has a fileRegex forge cannot run (not RE2 syntax");
    expect(modes["modes/shell.yaml"]).toContain("tools: [read, grep, find, ls, bash]\n");
    expect(modes["modes/house.yaml"]).toContain("tools: [read, grep, find, ls, edit, write, bash]\n");
    expect(messages(r)).toContain(
      ".pi/forge/rules/db.yaml: rule db: Roo Code (.roomodes) cannot express a rule that switches on by path (.roomodes holds modes only); left out.",
    );
    expect(
      messages(r).some(
        (m) =>
          m.startsWith(".pi/forge/modes/shell.yaml: mode shell: Roo Code (.roomodes) cannot express an append overlay") &&
          m.includes("tools [read] without grep, find, ls"),
      ),
    ).toBe(true);
    const ext = messages(r).find((m) => m.startsWith(".pi/forge/modes/ext.yaml"));
    expect(ext).toContain("tools [edit] without write (Roo's edit group does both)");
    expect(ext).toContain("the extension tools [web_search]");
  });
  test("an edit limit becomes one fileRegex: the allowed patterns less the denied ones", () => {
    const re = new RegExp(limitRegex(bundle.modes.docs!.edits!).regex!);
    expect(["docs/a.md", "docs/deep/b.md"].map((p) => re.test(p))).toEqual([true, true]);
    expect(["docs/secret/key.md", "src/app.ts", "README.md"].map((p) => re.test(p))).toEqual([false, false, false]);
    expect(limitRegex({ allow: [], deny: [] })).toEqual({ regex: null, none: true });
  });
});

describe("forge export agents-md", () => {
  test("the preset's overlays as sections of one region; everything else reported", () => {
    const r = run("agents-md", "team", { "AGENTS.md": "# Ours\n" });
    const text = file(r, "AGENTS.md");
    expect(text.startsWith("# Ours\n\n<!-- forge export agents-md: start. Generated by forge export agents-md from .pi/forge/bundle.json (bundle ")).toBe(true);
    expect(
      text.endsWith(
        "preset team. Edit the sources and run: npx --no-install forge export agents-md --preset team -->\n\n## house\n\nShort sentences in {{cwd}}.\n\n<!-- forge export agents-md: end -->\n",
      ),
    ).toBe(true);
    expect(messages(r)).toContain(
      ".pi/forge/rules/db.yaml: rule db: AGENTS.md cannot express a rule that switches on by path (AGENTS.md has no scoping); left out.",
    );
    expect(messages(r)).toContain(
      ".pi/forge/modes/docs.yaml: mode docs: AGENTS.md cannot express a mode outside the preset team (AGENTS.md is always on); left out.",
    );
    const based = run("agents-md", "based", {});
    expect(file(based, "AGENTS.md")).toContain("## house\n\nShort sentences in {{cwd}}.\n");
    expect(messages(based)).toContain(
      ".pi/forge/presets/based.yaml: preset based: AGENTS.md cannot express its base persona (a prompt that replaces the agent's own); left out; only its overlays are exported as always-on text.",
    );
  });
});

describe("files that are not forge's", () => {
  test("a file without the banner is refused; one with it is replaced; a stale one with it is listed", () => {
    const foreign = run("cursor", "team", { ".cursor/rules/db.mdc": "Hand-written.\n" });
    expect(foreign.diagnostics.filter((d) => d.code === "export_file_foreign").map((d) => d.message)).toEqual([
      '.cursor/rules/db.mdc exists and has no "# Generated by forge export cursor" banner, so forge export does not overwrite it. Move it away, or rerun with --force to replace it. Nothing was written.',
    ]);
    const old =
      "---\n# Generated by forge export cursor from .pi/forge/rules/gone.yaml (bundle 000000000000). Edit the source and run: forge export cursor\n---\n\nOld.\n";
    const ours = run("cursor", "team", { ".cursor/rules/db.mdc": old, ".cursor/rules/gone.mdc": old, ".cursor/rules/mine.mdc": "Mine.\n" });
    expect(ours.diagnostics.some((d) => d.severity === "error")).toBe(false);
    expect(ours.stale).toEqual([".cursor/rules/gone.mdc"]);
  });
});
