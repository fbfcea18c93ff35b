// The studio's pure data: prompt segments that reproduce the composed prompt for both hosts, the library's layers,
// shadowing and inline diagnostics, side-by-side diff rows, and source positions.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog, type Origin } from "../../core/component-catalog.js";
import { buildPromptVars } from "../../core/template.js";
import type { ForgeBundle } from "../../generated/types.js";
import { compile } from "../../compiler/compile.js";
import { unifiedDiff } from "../../compiler/review/unified-diff.js";
import { previewSelection } from "../../compiler/review/preview.js";
import { composeView, type ComposeInput } from "../../compiler/studio/model/compose-view.js";
import { diagnosticViews } from "../../compiler/studio/model/diagnostic-views.js";
import { sideBySide } from "../../compiler/studio/model/diff-view.js";
import { buildLibrary } from "../../compiler/studio/model/library-view.js";
import { promptLocation } from "../../compiler/studio/model/source-refs.js";
import type { HostKind, SourceRef } from "../../compiler/studio/model/studio-api.js";
import { treeOf } from "../compiler/source-tree.js";
import { FIXTURE } from "./fixture-project.js";

const ROOT = join(import.meta.dirname, "..", "..");
const builtin = JSON.parse(readFileSync(join(ROOT, "presets", "bundle.json"), "utf8")) as ForgeBundle;
const compiled = compile(treeOf(FIXTURE), { scope: "project", forgeVersion: "0.0.0-test", layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }] });
const project = compiled.bundle!;
const catalog = buildCatalog({ builtin, project });
const settings = { now: new Date(2026, 0, 2, 3, 4), os: "linux" };
const ref = ({ scope }: Origin, source: string): SourceRef => ({ scope, display: source, file: scope === "project" ? source : null, line: 1 });

function compose(names: string[], host: HostKind) {
  const input: ComposeInput = { catalog, diagnostics: [], names, host, settings, cwd: "/repo", promptRef: ref, definitionRef: ref };
  return composeView(input);
}

const textOf = (blocks: Array<{ segments: Array<{ text: string }> }>) => blocks.map((b) => b.segments.map((s) => s.text).join(""));

describe("compose view", () => {
  it("compiles the fixture without errors", () => {
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each([["shipping"], ["design"], ["exact"], ["architect"], ["focus", "hostile"]])(
    "the 0.73.1 segments reproduce forge preview's prompt: %s",
    (...names) => {
      const view = compose(names, "string");
      const preview = previewSelection({ diagnostics: [], catalog }, { kind: "names", names }, settings, "/repo").report;
      expect(view.status).toBe("ok");
      expect(view.prompt!.text).toBe(preview.prompt);
      expect(view.prompt!.attributed).toBe(true);
      expect(textOf(view.prompt!.blocks).join("")).toBe(preview.prompt);
    },
  );

  it("attributes every overlay and marks cache-sensitive slots", () => {
    const view = compose(["shipping"], "string");
    const segments = view.prompt!.blocks[0]!.segments;
    expect(new Set(segments.map((s) => s.component))).toEqual(new Set([null, "focus", "ship-check", "review"]));
    const date = segments.find((s) => s.slot?.name === "date")!;
    expect(date).toMatchObject({ component: "focus", text: "2026-01-02", slot: { volatility: "daily", cacheSensitive: true } });
    expect(segments.find((s) => s.slot?.name === "cwd")!.slot!.cacheSensitive).toBe(false);
    expect(view.cacheSensitive).toEqual([expect.objectContaining({ component: "focus", slot: "date", volatility: "daily" })]);
    expect(view.preferences).toEqual({
      model: { value: "openai/gpt-5", from: ["ship-check"] },
      thinking: { value: "low", from: ["focus"] },
      tools: { value: expect.arrayContaining(["read", "edit"]), from: ["focus", "ship-check"] },
    });
    expect(view.preferences!.tools!.value).toHaveLength(2);
    expect(view.preferences).not.toHaveProperty("editLimits");
    // Each mode's set as the gate enforces it, in forge explain's words.
    expect(view.tools.slice(0, 2)).toEqual(["focus: tools: edit, grep, read", "ship-check: tools: bash, edit, read"]);
    expect(view.tools[2]).toContain("every other tool is refused at forge's gate");
    expect(view.contracts).toContainEqual(expect.objectContaining({ declaredBy: "ship-check", kind: "requires", other: "focus", status: "held" }));
    expect(view.systemUpdates.map((u) => u.id)).toEqual(["freeze"]);
  });

  it("a selected mode's edit limit shows under the preferences, globs as written", () => {
    const sources = {
      ...FIXTURE,
      "modes/docs-only.yaml": "label: Docs only\ndescription: d\nstrategy: append\nprompt: x\nedits: { allow: [docs/**], deny: [docs/generated/**] }\n",
    };
    const bundle = compile(treeOf(sources), { scope: "project", forgeVersion: "0", layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }] })
      .bundle!;
    const view = composeView({
      catalog: buildCatalog({ builtin, project: bundle }),
      diagnostics: [],
      names: ["focus", "docs-only"],
      host: "string",
      settings,
      cwd: "/repo",
      promptRef: ref,
      definitionRef: ref,
    });
    expect(view.preferences?.editLimits).toEqual({ value: { "docs-only": "allow docs/**; deny docs/generated/**" }, from: ["docs-only"] });
  });

  it("1.x: Pi's sections, the base as preamble, and one forge section per overlay", () => {
    const view = compose(["design"], "sections");
    const blocks = view.prompt!.blocks;
    expect(blocks.map((b) => b.name)).toEqual(["preamble", "project_context", "cwd", "forge-focus"]);
    expect(blocks[0]!.segments.every((s) => s.component === "architect")).toBe(true);
    expect(textOf(blocks)[3]).toMatch(/^<forge-focus>\n# Focus\n\nStay on the task/);
    expect(view.prompt!.text).toBe(textOf(blocks).join("\n\n"));
    expect(view.prompt!.attributed).toBe(true);
    const exact = compose(["exact"], "sections").prompt!;
    expect(exact.blocks.map((b) => b.name)).toEqual(["forceSystemPrompt"]);
    expect(exact.text).toBe("Only this prompt.\n");
  });

  it("refuses a selection that breaks a contract, with the violated contract", () => {
    const view = compose(["ship-check"], "string");
    expect(view.status).toBe("refused");
    expect(view.prompt).toBeNull();
    expect(view.contracts).toContainEqual(expect.objectContaining({ declaredBy: "ship-check", kind: "requires", status: "violated" }));
  });
});

describe("library", () => {
  const vars = buildPromptVars({ cwd: "/repo", now: settings.now, os: "linux", preset: null });
  const diagnostics = diagnosticViews(
    [
      {
        code: "volatile_time",
        severity: "warning",
        message: "m",
        file: "modes/focus.yaml",
        start: { line: 5, column: 3 },
        end: { line: 5, column: 9 },
        path: "",
      },
      { code: "missing_partial", severity: "error", message: "n", file: "partials/x.md", start: { line: 1, column: 1 }, end: { line: 1, column: 2 }, path: "" },
    ],
    ".pi/forge/",
    (file) => FIXTURE[file],
  );
  const library = buildLibrary({
    layers: [
      { scope: "builtin", layer: null, origin: "built-in", bundle: builtin, notes: [] },
      { scope: "project", layer: null, origin: ".pi/forge/", bundle: project, notes: [] },
    ],
    catalog,
    vars,
    definitionRef: ref,
    promptRef: ref,
    diagnostics,
    target: { scope: "project", layer: null },
  });

  it("lists both layers' modes and presets with sizes and contracts", () => {
    const focus = library.entries.find((e) => e.key === "focus")!;
    expect(focus).toMatchObject({ kind: "mode", scope: "project", strategy: "append", shadowedBy: null, contracts: { before: ["ship-check"] } });
    expect(focus.chars).toBeGreaterThan(40);
    expect(focus.estimatedTokens).toBe(Math.ceil(focus.chars / 4));
    expect(library.entries.find((e) => e.key === "audit" && e.scope === "builtin")).toBeDefined();
    const shipping = library.entries.find((e) => e.key === "shipping")!;
    expect(shipping.preset).toMatchObject({ overlays: ["focus", "ship-check", "review"], contracts: { violated: 0 } });
  });

  it("attaches diagnostics to the entry whose file they point into, and keeps the rest apart", () => {
    expect(library.entries.find((e) => e.key === "focus")!.diagnostics.map((d) => d.location)).toEqual([".pi/forge/modes/focus.yaml:5:3"]);
    expect(library.unattached.map((d) => d.code)).toEqual(["missing_partial"]);
    expect(diagnostics[0]!.frame.find((l) => l.marked)!.text).toContain("Stay on the task");
  });
});

describe("library: path rules", () => {
  it("lists a nested context file's rule with its globs and file, after the modes and presets", () => {
    const withContext = JSON.parse(readFileSync(join(ROOT, "test/fixtures/compile/context-files/bundle.json"), "utf8")) as ForgeBundle;
    const library = buildLibrary({
      layers: [{ scope: "project", layer: null, origin: ".pi/forge/", bundle: withContext, notes: [] }],
      catalog: buildCatalog({ builtin, project: withContext }),
      vars: buildPromptVars({ cwd: "/repo", now: settings.now, os: "linux", preset: null }),
      definitionRef: ref,
      promptRef: ref,
      diagnostics: [],
      target: { scope: "project", layer: null },
    });
    const api = library.entries.find((e) => e.key === "context-packages-api")!;
    expect(api).toMatchObject({
      kind: "rule",
      label: null,
      strategy: null,
      description: "packages/api/AGENTS.md: instructions for work in packages/api/",
      source: { display: "../../packages/api/AGENTS.md" },
      rule: { paths: ["packages/api/**"], contextFile: "packages/api/AGENTS.md" },
    });
    expect(api.chars).toBe(withContext.rules!["context-packages-api"]!.content.map((c) => ("text" in c ? c.text : "")).join("").length);
    // A rules/ rule is listed too, with its name and no context file.
    expect(library.entries.find((e) => e.key === "db")).toMatchObject({ kind: "rule", rule: { contextFile: null } });
    expect(library.entries.map((e) => e.kind).indexOf("rule")).toBe(library.entries.length - Object.keys(withContext.rules!).length);
  });
});

describe("side by side", () => {
  it("pairs deletions with insertions and keeps both line numbers", () => {
    const diff = unifiedDiff("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n", { fromLabel: "A", toLabel: "B" });
    const [hunk] = sideBySide(diff);
    expect(hunk!.rows).toEqual([
      { left: { line: 1, text: "a", kind: "equal" }, right: { line: 1, text: "a", kind: "equal" } },
      { left: { line: 2, text: "b", kind: "delete" }, right: { line: 2, text: "B", kind: "insert" } },
      { left: { line: 3, text: "c", kind: "equal" }, right: { line: 3, text: "c", kind: "equal" } },
      { left: { line: 4, text: "d", kind: "equal" }, right: { line: 4, text: "d", kind: "equal" } },
      { left: null, right: { line: 5, text: "e", kind: "insert" } },
    ]);
  });
});

describe("prompt location", () => {
  it("finds an inline block prompt, a promptFile, and falls back to line 1", () => {
    expect(promptLocation("modes/focus.yaml", FIXTURE["modes/focus.yaml"])).toEqual({ file: "modes/focus.yaml", line: 5 });
    expect(promptLocation("modes/architect.yaml", FIXTURE["modes/architect.yaml"])).toEqual({ file: "modes/architect.yaml", line: 4 });
    expect(promptLocation("modes/ship-check.yaml", FIXTURE["modes/ship-check.yaml"])).toEqual({ file: "prompts/ship-check.md", line: 1 });
    expect(promptLocation("modes/x.yaml", "label: [unclosed")).toEqual({ file: "modes/x.yaml", line: 1 });
    expect(promptLocation("modes/x.yaml", undefined)).toEqual({ file: "modes/x.yaml", line: 1 });
  });
});
