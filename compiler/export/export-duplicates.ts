// Files beside the ones forge export writes that hold the same text: the original a rule was imported from under
// another name (`review.md` beside the generated `review-claude.md`). The agent loads every file there, so it would
// read that text twice; forge says so (export_duplicate_text) rather than guess which file the user wants.
import type { Diagnostic } from "../../core/diagnostic.js";
import { exportDuplicateText } from "../diagnostics/export-codes.js";
import { splitRuleFile } from "../import/front-matter.js";
import { hasBanner } from "./export-text.js";
import type { ExportPlan, ExportTarget } from "./export-types.js";

const AGENT: Record<ExportTarget, string> = { claude: "Claude Code", cursor: "Cursor", roo: "Roo Code", "agents-md": "the agent" };

/** A rule file's text as the agent gets it: the body after any front matter, without trailing line breaks. */
function bodyOf(text: string): string {
  return splitRuleFile(text).body.replace(/\s+$/, "");
}

/** One warning per written file whose text a file forge did not write, in a directory the target owns, already holds. */
export function duplicateTexts(
  plan: ExportPlan,
  target: ExportTarget,
  existing: (path: string) => string | null,
  listOwned: (dir: string, suffix: string) => string[],
): Diagnostic[] {
  const planned = new Set(plan.files.map((f) => f.path));
  const out: Diagnostic[] = [];
  for (const { dir, suffix } of plan.owned) {
    // The texts written into this directory (the agent loads a directory's files together).
    const written = new Map<string, string>();
    for (const file of plan.files) {
      const body = file.path.startsWith(`${dir}/`) ? bodyOf(file.text) : "";
      if (body !== "" && !written.has(body)) written.set(body, file.path);
    }
    for (const path of listOwned(dir, suffix)) {
      if (planned.has(path)) continue;
      const text = existing(path);
      if (text === null || hasBanner(text, target)) continue;
      const twin = written.get(bodyOf(text));
      if (twin !== undefined) out.push(exportDuplicateText({ file: path, start: null, end: null, path: "" }, twin, path, AGENT[target]));
    }
  }
  return out;
}
