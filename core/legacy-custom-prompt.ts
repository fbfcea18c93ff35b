// Byte-exact copy of Pi 0.73.1's custom-prompt branch of buildSystemPrompt (dist/core/system-prompt.js), for replace_base.
// Pi does not export it from its package index, and the runtime must never value-import a host, so it is reproduced here;
// test/runtime/custom-prompt-parity.test.ts compares it byte for byte with the installed Pi.

/**
 * The option fields the custom-prompt branch reads. An interface without an index signature, so both hosts'
 * own option types (and the runtime's PromptOptions, which extends it) are assignable to it.
 */
export interface CustomPromptInputs {
  selectedTools?: string[];
  appendSystemPrompt?: string;
  cwd: string;
  contextFiles?: Array<{ path: string; content: string }>;
  skills?: readonly unknown[];
}

/** The skill fields Pi 0.73.1's formatSkillsForPrompt reads. */
interface SkillLike {
  name: string;
  description: string;
  filePath: string;
  disableModelInvocation?: boolean;
}

/**
 * Pi 0.73.1's prompt for `options` with `customPrompt` = `base`: the base text, then appendSystemPrompt,
 * `# Project Context` with the context files, skills (only when `read` is available), date and cwd.
 * `now` is injectable for tests; Pi uses the local date of `new Date()`.
 */
export function buildLegacyCustomPrompt(base: string, options: CustomPromptInputs, now: Date = new Date()): string {
  const promptCwd = options.cwd.replace(/\\/g, "/");
  const year = now.getFullYear();
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  const date = `${year}-${month}-${day}`;
  const appendSection = options.appendSystemPrompt ? `\n\n${options.appendSystemPrompt}` : "";
  const contextFiles = options.contextFiles ?? [];
  const skills = (options.skills ?? []) as SkillLike[];
  const selectedTools = options.selectedTools;

  // Pi takes this branch only for a truthy customPrompt; an empty base would fall into Pi's default prompt,
  // which forge never wants, so an empty base still yields the custom layout (just without text).
  let prompt = base;
  if (appendSection) prompt += appendSection;
  if (contextFiles.length > 0) {
    prompt += "\n\n# Project Context\n\n";
    prompt += "Project-specific instructions and guidelines:\n\n";
    for (const { path: filePath, content } of contextFiles) {
      prompt += `## ${filePath}\n\n${content}\n\n`;
    }
  }
  const hasRead = !selectedTools || selectedTools.includes("read");
  if (hasRead && skills.length > 0) prompt += formatSkillsForPrompt(skills);
  prompt += `\nCurrent date: ${date}`;
  prompt += `\nCurrent working directory: ${promptCwd}`;
  return prompt;
}

/** Pi 0.73.1's formatSkillsForPrompt (dist/core/skills.js). */
function formatSkillsForPrompt(skills: SkillLike[]): string {
  const visibleSkills = skills.filter((s) => !s.disableModelInvocation);
  if (visibleSkills.length === 0) return "";
  const lines = [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    "<available_skills>",
  ];
  for (const skill of visibleSkills) {
    lines.push("  <skill>");
    lines.push(`    <name>${escapeXml(skill.name)}</name>`);
    lines.push(`    <description>${escapeXml(skill.description)}</description>`);
    lines.push(`    <location>${escapeXml(skill.filePath)}</location>`);
    lines.push("  </skill>");
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}

function escapeXml(str: string): string {
  return str.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
