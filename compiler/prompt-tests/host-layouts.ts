// Each Pi host's prompt layout around what forge adds, for the pure tier of forge test: the parts Pi writes itself are
// named placeholders ({{pi:...}}), since forge never embeds Pi's text; forge's own parts are the runtime's exact bytes.
// test/e2e/forge-test-pi.e2e.test.ts holds the layout (section order, default tools) to what real Pi sends.
import { wrapSection } from "../../core/prompt-layout.js";
import type { HostId } from "./test-case.js";

/** What each placeholder stands for: Pi's own text, which forge test --pi captures for real. */
export const PI_PLACEHOLDERS = {
  /** Pi 0.73's whole prompt: role, tools, guidelines, documentation, context files, skills, date and cwd. */
  prompt: "{{pi:prompt}}",
  /** Pi 1.x's preamble (the role), and its tools, rules (guidelines) and docs sections. */
  preamble: "{{pi:preamble}}",
  tools: "{{pi:tools}}",
  rules: "{{pi:rules}}",
  docs: "{{pi:docs}}",
} as const;

/** The tools Pi makes active in a fresh session on both hosts (no extension or setting narrowed them). */
export const DEFAULT_ACTIVE_TOOLS: readonly string[] = ["read", "bash", "edit", "write"];

/** Whether a host keeps the prompt in named sections (1.x) rather than one string (0.73). */
export function hasSections(host: HostId): boolean {
  return host === "pi-1";
}

/**
 * Pi 1.x's prompt from its sections, as its buildSystemPromptSections and getSystemMessageText render them: the
 * preamble (forge's customPrompt, which drops tools, rules and docs), Pi's own sections, the working directory, then
 * the custom sections in the order they were set, each `<name>\n...\n</name>`, joined by blank lines. No context file,
 * appended prompt or skill: those are the repository's and the user's, which the pure tier does not read.
 */
export function renderSectionsPrompt(customPrompt: string | null, cwd: string, custom: ReadonlyArray<readonly [string, string]>): string {
  const own: Array<[string, string]> =
    customPrompt === null
      ? [
          ["tools", PI_PLACEHOLDERS.tools],
          ["rules", PI_PLACEHOLDERS.rules],
          ["docs", PI_PLACEHOLDERS.docs],
        ]
      : [];
  const sections = [...own, ["cwd", cwd.replace(/\\/g, "/")] as const, ...custom.filter(([, body]) => body !== "")];
  return [customPrompt ?? PI_PLACEHOLDERS.preamble, ...sections.map(([name, body]) => wrapSection(name, body))].filter((p) => p !== "").join("\n\n");
}

const SECTION_NAME = /^[a-z][a-z0-9_-]*$/;

/** From `at` on, a chain of `<name>\n...\n</name>` blocks joined by blank lines that ends the text: their names, else null. */
function sectionChain(text: string, at: number): string[] | null {
  const names: string[] = [];
  let i = at;
  while (i < text.length) {
    const open = /^<([a-z][a-z0-9_-]*)>\n/.exec(text.slice(i, i + 70));
    if (open === null || !SECTION_NAME.test(open[1]!)) return null;
    const close = `\n</${open[1]}>`;
    let end = text.indexOf(close, i + open[0].length - 1);
    // The first closing tag that ends the text or is followed by the next block.
    while (end >= 0 && !(end + close.length === text.length || text.startsWith("\n\n<", end + close.length))) end = text.indexOf(close, end + 1);
    if (end < 0) return null;
    names.push(open[1]!);
    i = end + close.length;
    if (i < text.length) i += 2;
  }
  return names;
}

/**
 * The sections of a 1.x prompt text, in order: `preamble` (what precedes the first section, when anything does), then
 * every `<name>` block that closes the text. The same reading for the pure tier's prompt and a captured one, so the
 * sections assertion means the same in both tiers. A forced prompt (replace_final) is all preamble.
 */
export function sectionsOf(text: string): string[] {
  if (text.startsWith("<")) {
    const all = sectionChain(text, 0);
    if (all !== null) return all;
  }
  for (let i = text.indexOf("\n\n<"); i >= 0; i = text.indexOf("\n\n<", i + 1)) {
    const rest = sectionChain(text, i + 2);
    if (rest !== null) return [...(i > 0 ? ["preamble"] : []), ...rest];
  }
  return text === "" ? [] : ["preamble"];
}
