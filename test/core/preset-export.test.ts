// Portable presets: an export carries keys, order, policy and the exporter's digests (no prompt text); an import is
// checked against the importer's layers, naming what differs from the exporter's definitions.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildCatalog } from "../../core/component-catalog.js";
import { checkPresetImport, createPresetExport, describeDifferences, presetExportText } from "../../core/preset-export.js";
import { importedPresetSource } from "../../compiler/source-edit/preset-source.js";
import { validatePresetSource } from "../../generated/source-validators.js";
import { validatePresetExport } from "../../generated/transfer-validators.js";
import type { ForgePresetExport } from "../../generated/types.js";
import { makeBundle } from "../runtime/helpers.js";

const MODES = {
  plan: { strategy: "replace_base" as const, text: "SECRET PLAN TEXT" },
  review: { text: "SECRET REVIEW TEXT" },
  tests: {},
  strict: { requires: ["tests"] },
};
const exporter = buildCatalog({
  builtin: makeBundle("builtin", { tests: {} }),
  project: makeBundle(
    "project",
    { plan: MODES.plan, review: MODES.review, strict: MODES.strict },
    { flow: { base: "plan", overlays: ["review", "tests"], driftPolicy: "warn", description: "Plan, then review." } },
  ),
});

function exported(): ForgePresetExport {
  const r = createPresetExport(exporter, "flow", "1.2.3");
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe("createPresetExport", () => {
  it("carries keys, order, policy and each mode's digest and scope as the exporter resolves them; no prompt text", () => {
    const value = exported();
    expect(validatePresetExport(value)).toBe(true);
    expect(value).toMatchObject({
      format: "forge-preset-export",
      v: 1,
      name: "flow",
      description: "Plan, then review.",
      base: "plan",
      overlays: ["review", "tests"],
      driftPolicy: "warn",
      forgeVersion: "1.2.3",
    });
    expect(value.digests).toEqual({
      plan: { digest: exporter.modes.get("plan")!.mode.digest, scope: "project" },
      review: { digest: exporter.modes.get("review")!.mode.digest, scope: "project" },
      tests: { digest: exporter.modes.get("tests")!.mode.digest, scope: "builtin" },
    });
    const text = presetExportText(value);
    expect(text).not.toContain("SECRET");
    expect(JSON.parse(text)).toEqual(value);
  });

  it("refuses an unknown preset", () => {
    expect(createPresetExport(exporter, "nope", "1")).toEqual({ ok: false, error: 'unknown preset "nope"' });
  });
});

describe("checkPresetImport", () => {
  it("the same definitions: no difference", () => {
    expect(checkPresetImport(exporter, exported())).toEqual({ ok: true, differences: [] });
  });

  it("names each component whose digest or scope differs from the exporter's", () => {
    const importer = buildCatalog({
      builtin: makeBundle("builtin", { tests: {} }),
      global: makeBundle("global", { plan: MODES.plan, review: { text: "my own review" } }),
    });
    const check = checkPresetImport(importer, exported());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.differences.map((d) => d.key)).toEqual(["plan", "review"]);
    const lines = describeDifferences(check.differences);
    expect(lines[0]).toMatch(/^plan: exporter had [0-9a-f]{12} \(project\), you have [0-9a-f]{12} \(global\)$/);
  });

  it.each([
    ["a key the importer lacks", { tests: {} }, "names modes your layers do not have: plan, review"],
    ["a base that is an overlay here", { plan: {}, review: {}, tests: {} }, '"plan" is an append overlay and cannot be the base'],
    ["a contract the importer's definitions break", { plan: MODES.plan, review: { requires: ["strict"] }, tests: {} }, "breaks contracts"],
  ])("refuses %s", (_name, modes, says) => {
    const check = checkPresetImport(buildCatalog({ global: makeBundle("global", modes) }), exported());
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toContain(says);
  });

  it("writes a valid preset source naming where it came from, safely commented", () => {
    const text = importedPresetSource(exported(), "/tmp/evil\nbase: x.json");
    expect(text.split("\n").filter((l) => !l.startsWith("#") && l !== "")).toEqual([
      "description: Plan, then review.",
      "base: plan",
      "overlays:",
      "  - review",
      "  - tests",
      "driftPolicy: warn",
    ]);
    expect(validatePresetSource(parse(text))).toBe(true);
  });
});
