// Pi 1.x's own sections for the sample the Compose view renders against (sample text, never Pi's real prompt).
import type { HostSection } from "./prompt-segments.js";

/** Stand-ins for what Pi writes itself; forge only composes around them. */
const SAMPLE = {
  preamble: "<Pi's native preamble: the role of the coding assistant>",
  tools: "<Pi's list of the active tools>",
  rules: "<Pi's guidelines for the active tools>",
  docs: "<where Pi's own documentation lives>",
  context: { path: "AGENTS.md", content: "<your project's context files (AGENTS.md, CLAUDE.md) appear here>" },
};

/**
 * The sections Pi 1.x builds before any custom one, in its order (buildSystemPromptSections): the preamble (forge's
 * customPrompt when set, which also drops tools, rules and docs), project context, and the working directory. 1.x has
 * no date section.
 */
export function sampleHostSections(cwd: string): (customPrompt: string | null) => HostSection[] {
  return (customPrompt) => [
    { name: "preamble", content: customPrompt ?? SAMPLE.preamble },
    ...(customPrompt === null
      ? [
          { name: "tools", content: SAMPLE.tools },
          { name: "rules", content: SAMPLE.rules },
          { name: "docs", content: SAMPLE.docs },
        ]
      : []),
    {
      name: "project_context",
      content: `Project-specific instructions and guidelines:\n\n<project_instructions path="${SAMPLE.context.path}">\n${SAMPLE.context.content}\n</project_instructions>`,
    },
    { name: "cwd", content: cwd.replace(/\\/g, "/") },
  ];
}
