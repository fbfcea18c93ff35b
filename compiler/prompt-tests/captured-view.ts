// forge test --pi: the view of a request body Pi sent to the capture server (its system prompt, forge's messages, the
// declared tools), with the machine's volatile values put back to the test's inputs so assertions read the same
// values in both tiers. Pure.
import { hasSections, sectionsOf } from "./host-layouts.js";
import type { PromptView } from "./prompt-view.js";
import type { HostId, PromptTest } from "./test-case.js";

/** What this machine put into the prompt where the test fixes a value. */
export interface RealValues {
  /** The directory Pi ran in (as given, and its real path). */
  cwds: readonly string[];
  /** Today's local date(s) during the run (YYYY-MM-DD). */
  dates: readonly string[];
  /** The host package's directory (as found, and its real path): written as {{pi-package}}. */
  piPackage: readonly string[];
}

/** The text of a chat message's content: a string, or the text parts of a list. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((p): p is { type: string; text: string } => p !== null && typeof p === "object" && (p as { type?: unknown }).type === "text")
    .map((p) => p.text)
    .join("");
}

/** Longest first: a real path may lie inside another (the package inside the project). */
function replaceAll(text: string, from: readonly string[], to: string): string {
  let out = text;
  for (const f of [...new Set(from)].filter((x) => x !== "").sort((a, b) => b.length - a.length)) out = out.replaceAll(f, to);
  return out;
}

/** The real values put back to the test's inputs: the package as a placeholder first, then cwd and date. */
export function toInputs(text: string, real: RealValues, test: Pick<PromptTest, "inputs">): string {
  const noPackage = replaceAll(text, real.piPackage, "{{pi-package}}");
  return replaceAll(replaceAll(noPackage, real.cwds, test.inputs.cwd), real.dates, test.inputs.date);
}

interface Body {
  messages?: unknown;
  tools?: unknown;
}

/**
 * The view of the last request of a test's turn. Forge's messages are the user-role messages other than the test's
 * own prompt (Pi sends custom messages as user messages); tool traffic and Pi's replies are not forge's.
 */
export function capturedView(
  body: unknown,
  host: HostId,
  test: Pick<PromptTest, "prompt" | "inputs">,
  real: RealValues,
  extra: Pick<PromptView, "rulesOn" | "refused">,
): PromptView {
  const b = (body ?? {}) as Body;
  const messages = Array.isArray(b.messages) ? (b.messages as Array<{ role?: unknown; content?: unknown }>) : [];
  const system = messages.find((m) => m.role === "system" || m.role === "developer");
  const systemText = toInputs(contentText(system?.content), real, test);
  let promptSeen = false;
  const forge: string[] = [];
  for (const m of messages) {
    if (m.role !== "user") continue;
    const text = contentText(m.content);
    if (!promptSeen && text === test.prompt) {
      promptSeen = true;
      continue;
    }
    forge.push(toInputs(text, real, test));
  }
  const tools = Array.isArray(b.tools)
    ? (b.tools as Array<{ function?: { name?: unknown }; name?: unknown }>).map((t) => String(t.function?.name ?? t.name ?? "")).filter((n) => n !== "")
    : [];
  return { host, system: systemText, sections: hasSections(host) ? sectionsOf(systemText) : null, messages: forge, tools, ...extra };
}
