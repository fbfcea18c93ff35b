// forge diff reads bundles through core's one verification: every mismatch the runtime refuses a bundle for is a note.
import { describe, expect, it } from "vitest";
import { digestComponent } from "../../core/digest.js";
import { readBundleText } from "../../compiler/review/read-bundle.js";
import { parseBundleText } from "../../io/bundle-file.js";
import { makeBundle, resealHash } from "../runtime/helpers.js";

function sample() {
  const entry = { id: "freeze", name: "Freeze", description: "Only fixes.", modelCallable: false, content: [{ text: "Freeze." }] };
  const block = { ...entry, digest: digestComponent("update", entry.id, "project", entry) };
  return makeBundle("project", { plan: { text: "Plan." } }, { flow: { overlays: ["plan"], systemUpdates: [block] } });
}

describe("readBundleText", () => {
  it("an edited update block: the runtime refuses the bundle, and forge diff names the block", () => {
    const b = sample();
    b.presets.flow!.systemUpdates[0]!.content = [{ text: "Ship anything." }];
    resealHash(b);
    const text = JSON.stringify(b);
    const runtime = parseBundleText(text, "project", "bundle.json");
    expect(runtime.status).toBe("refused");
    const read = readBundleText(text, "HEAD:bundle.json");
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.notes).toContain("HEAD:bundle.json: system update freeze of preset flow does not match its digest (edited after forge build)");
  });

  it("reports every mismatch, not only the first: an update block, its preset, a mode pin and the bundleHash", () => {
    const b = sample();
    // The tamperer re-digests the mode, but the preset still pins the old digest.
    const { digest: _old, ...plan } = { ...b.modes.plan!, prompt: [{ text: "Plan harder." }] };
    b.modes.plan = { ...plan, digest: digestComponent("mode", "plan", "project", plan) };
    b.presets.flow!.systemUpdates[0]!.name = "Thaw";
    const read = readBundleText(JSON.stringify(b), "x");
    expect(read.ok && read.notes).toEqual([
      "x: system update freeze of preset flow does not match its digest (edited after forge build)",
      "x: preset flow does not match its digest (edited after forge build)",
      "x: preset flow pins mode plan at a digest that differs from the bundle's",
      "x: bundleHash does not match the content (edited after forge build)",
      "x: Pi would refuse this bundle; run `npx --no-install forge build` to rebuild it",
    ]);
  });

  it("a bundle as forge build wrote it has no notes", () => {
    const read = readBundleText(JSON.stringify(sample()), "x");
    expect(read.ok && read.notes).toEqual([]);
  });
});
