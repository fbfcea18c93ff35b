// The synthetic repository the build and forge-test benches share: partial-heavy modes (a few replace_base), contracts,
// presets with system-update blocks. Returns the path of its bundle.json (not written yet).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A repo shaped like real use: partial-heavy prompts, some runtime slots, contracts, presets with updates. */
export function generateSyntheticRepo(root, { modes: MODES, presets: PRESETS, partials: PARTIALS, quick: QUICK }) {
  const forge = join(root, ".pi", "forge");
  for (const d of ["modes", "presets", "partials"]) mkdirSync(join(forge, d), { recursive: true });
  for (let p = 0; p < PARTIALS; p++) {
    const lines = Array.from({ length: 12 }, (_, i) => `- Guideline ${p}.${i}: keep changes small, verify them and report what you ran.`);
    writeFileSync(join(forge, "partials", `part-${p}.md`), `## Shared rules ${p}\n${lines.join("\n")}\n`);
  }
  for (let m = 0; m < MODES; m++) {
    const base = m % 100 === 99 || (QUICK && m % 10 === 9); // a few replace_base modes
    const contracts = m % 10 === 3 ? `conflictsWith: [mode-${(m + MODES / 2) % MODES}]\n` : "";
    const prompt = [
      `You are in mode ${m}, working in {{cwd}} with {{model}}.`,
      `{{> part-${m % PARTIALS}}}`,
      `{{> part-${(m * 7) % PARTIALS}}}`,
      ...Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: read the code, make the change for task ${m}, run the tests.`),
    ].join("\n");
    writeFileSync(
      join(forge, "modes", `mode-${m}.yaml`),
      `# synthetic mode ${m}\nlabel: Mode ${m}\ndescription: Synthetic mode number ${m} for the build bench.\n` +
        `strategy: ${base ? "replace_base" : "append"}\n${contracts}prompt: |\n${prompt
          .split("\n")
          .map((l) => `  ${l}`)
          .join("\n")}\n`,
    );
  }
  for (let p = 0; p < PRESETS; p++) {
    // Overlays are append modes with no contracts between them (m % 10 === 3 ones are avoided).
    const overlays = [0, 1, 2, 4].map((k) => `mode-${(p * 5 + k) % (QUICK ? 9 : 99)}`);
    const baseLine = p % 4 === 0 ? `base: mode-${QUICK ? (p % 5) * 10 + 9 : (p % 10) * 100 + 99}\n` : "";
    writeFileSync(
      join(forge, "presets", `preset-${p}.yaml`),
      `description: Synthetic preset ${p}.\n${baseLine}overlays: [${overlays.join(", ")}]\nsystemUpdates:\n` +
        `  - id: update-${p}\n    name: Update ${p}\n    description: A dormant block.\n    modelCallable: ${p % 2 === 0}\n` +
        `    content: |\n      Switch to careful review for preset ${p}.\n      {{> part-${p % PARTIALS}}}\n`,
    );
  }
  return join(forge, "bundle.json");
}
