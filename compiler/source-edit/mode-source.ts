// The text of a mode source as /mode new and /mode edit write it, through yaml's Document API: the commented template,
// and a new prompt put into an existing source with its comments, key order and layout kept.
import { Document, isMap, isScalar, parseDocument } from "yaml";
import type { Strategy } from "../../generated/types.js";
import { commentFirstKey, promptValue, setPromptScalar, WRITE_OPTIONS } from "./yaml-text.js";

const STRATEGY_NOTES: Record<Strategy, string> = {
  append: "append: an overlay, added after Pi's prompt as a labelled section",
  replace_base: "replace_base: replaces Pi's base prompt; Pi still adds context files, skills, date and cwd",
  replace_final: "replace_final: the exact final prompt, nothing added (activation asks for confirmation)",
};

/** "code-review" -> "Code review": a label to start from. */
function labelOf(key: string): string {
  const words = key.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const commentLines = (lines: readonly string[]): string => lines.map((l) => ` ${l}`).join("\n");

/**
 * The commented source /mode new opens in the editor (or writes with --prompt-file's text as the prompt). In the editor
 * the prompt is a plain `|` block (its text ends in one line break), explained by a comment, since `|-` or `|2-`
 * puzzle anyone who does not know YAML; a prompt file's text is kept exactly (yaml then picks the indicators).
 */
export function renderModeTemplate(key: string, strategy: Strategy, prompt?: string): string {
  const text = prompt === undefined ? `Describe how the agent should work in the ${key} mode.\n` : promptValue(prompt);
  const doc = new Document({ label: labelOf(key), description: `What the ${key} mode is for, in one line.`, strategy, prompt: text });
  commentFirstKey(doc, [
    `Mode "${key}", created by /mode new. Saving writes this file only when it builds, then rebuilds the bundle;`,
    `nothing is activated (select it with /mode +${key} or /mode set ${key}). Lines starting with # are comments.`,
  ]);
  // Comments go on the keys they explain.
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key)) continue;
      if (pair.key.value === "strategy") pair.key.commentBefore = commentLines([STRATEGY_NOTES[strategy]]);
      if (pair.key.value === "prompt") {
        pair.key.commentBefore = commentLines([
          "Optional: requires, conflictsWith, before, after (lists of mode keys); model (provider/id), thinking, tools;",
          "edits: { allow: [globs], deny: [globs] } (which files edit and write may change while the mode is active).",
          "The prompt is a template: {{cwd}}, {{date}}, {{model}}, {{os}}, {{mode}}, {{preset}} are filled in at runtime.",
          "`prompt: |` starts the text: every line below it, indented by two spaces, is kept as written (blank lines too).",
        ]);
      }
    }
  }
  return setPromptScalar(doc, "prompt", text, () => doc.toString(WRITE_OPTIONS));
}

/**
 * `source` with its top-level `prompt` replaced by `prompt` (headless /mode edit --prompt-file). Everything else, comments
 * included, stays as written. Refused when the source keeps its prompt in promptFile, is JSON (a flow mapping, which
 * must stay JSON), does not parse, or has no top-level `prompt`.
 */
export function setModePrompt(source: string, prompt: string): { ok: true; text: string } | { ok: false; error: string } {
  const doc = parseDocument(source, { uniqueKeys: false });
  if (doc.errors.length > 0)
    return { ok: false, error: `it does not parse as YAML (${doc.errors[0]!.message.split("\n")[0]}); fix it or pass the whole source with --file` };
  if (!isMap(doc.contents)) return { ok: false, error: "it has no top-level `prompt:` to replace; pass the whole source with --file" };
  if (doc.contents.flow) return { ok: false, error: "it is JSON, which has no block for a prompt; pass the whole source with --file" };
  if (doc.has("promptFile")) return { ok: false, error: "it keeps its prompt in promptFile: edit that file, or pass the whole source with --file" };
  if (!doc.has("prompt")) return { ok: false, error: "it has no top-level `prompt:` line to replace; pass the whole source with --file" };
  // doc.set replaces the value in place: the pair keeps its position and the comments around it.
  return { ok: true, text: setPromptScalar(doc, "prompt", promptValue(prompt), () => doc.toString(WRITE_OPTIONS)) };
}
