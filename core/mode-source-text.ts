// The text of a mode source as /mode new and /mode edit write it: the commented template, and a prompt put into an existing source.
import type { Strategy } from "../generated/types.js";

const STRATEGY_NOTES: Record<Strategy, string> = {
  append: "append: an overlay, added after Pi's prompt as a labelled section",
  replace_base: "replace_base: replaces Pi's base prompt; Pi still adds context files, skills, date and cwd",
  replace_final: "replace_final: the exact final prompt, nothing added (activation asks for confirmation)",
};

/**
 * A block scalar holding `text` exactly: `|2-` fixes the indentation (a first line may start with spaces) and strips the
 * final newline. CRLF becomes LF; every other character is kept (the compiler reports what YAML cannot hold).
 */
export function promptBlock(text: string): string {
  const lines = text.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  return `prompt: |2-\n${lines.map((line) => (line === "" ? "" : `  ${line}`)).join("\n")}\n`;
}

/** "code-review" -> "Code review": a label to start from. */
function labelOf(key: string): string {
  const words = key.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The commented source /mode new opens in the editor (or writes with --prompt-file's text as the prompt). */
export function renderModeTemplate(key: string, strategy: Strategy, prompt?: string): string {
  const lines = [
    `# Mode "${key}", created by /mode new. Saving writes this file and rebuilds the bundle; nothing is activated`,
    `# (select it with /mode +${key} or /mode set ${key}). Lines starting with # are comments.`,
    `label: ${JSON.stringify(labelOf(key))}`,
    `description: ${JSON.stringify(`What the ${key} mode is for, in one line.`)}`,
    `# ${STRATEGY_NOTES[strategy]}`,
    `strategy: ${strategy}`,
    "# Optional: requires, conflictsWith, before, after (lists of mode keys); model (provider/id), thinking, tools;",
    "# edits: { allow: [globs], deny: [globs] } (which files edit and write may change while the mode is active).",
    "# The prompt is a template: {{cwd}}, {{date}}, {{model}}, {{os}}, {{mode}}, {{preset}} are filled in at runtime.",
  ];
  const text = prompt ?? `Describe how the agent should work in the ${key} mode.\n`;
  return `${lines.join("\n")}\n${promptBlock(text)}`;
}

/**
 * `source` with its top-level `prompt:` value replaced by `prompt` (headless /mode edit --prompt-file): the value runs
 * from the `prompt:` line to the next line that starts in column 0 (a key or a comment), blank lines at its end kept
 * outside. Refused when the source keeps its prompt in promptFile, or has no top-level `prompt:` line (JSON, flow style).
 */
export function replacePrompt(source: string, prompt: string): { ok: true; text: string } | { ok: false; error: string } {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  if (lines.some((l) => /^promptFile\s*:/.test(l))) return { ok: false, error: "it keeps its prompt in promptFile: edit that file, or pass the whole source with --file" };
  const start = lines.findIndex((l) => /^prompt\s*:/.test(l));
  if (start < 0) return { ok: false, error: "it has no top-level `prompt:` line to replace; pass the whole source with --file" };
  let end = start + 1;
  while (end < lines.length && (lines[end] === "" || /^[ \t]/.test(lines[end]!))) end++;
  while (end > start + 1 && lines[end - 1] === "") end--;
  const before = lines.slice(0, start).join("\n");
  const after = lines.slice(end).join("\n");
  return { ok: true, text: `${before === "" ? "" : `${before}\n`}${promptBlock(prompt)}${after}` };
}
