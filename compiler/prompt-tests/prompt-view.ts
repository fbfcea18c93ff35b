// What a test checks: the request a selection yields on one host (system prompt, forge's messages, declared tools, the
// rules that switched on), the one text assertions and snapshots read, and its volatile parts as named placeholders.
import type { HostId, TestInputs } from "./test-case.js";

export interface PromptView {
  host: HostId;
  /** The system prompt. */
  system: string;
  /** 1.x: the prompt's sections in order (host-layouts.ts sectionsOf); null on 0.73, which has none. */
  sections: string[] | null;
  /** The messages forge added (system updates, rules that switched on), in the order the model gets them. */
  messages: string[];
  /** The tools the request declares. */
  tools: string[];
  /** The path rules (and preset blocks with `when`) that switched on after the touched paths. */
  rulesOn: string[];
  /** Why the runtime would refuse the selection (it then keeps Pi's native prompt); null when it is taken. */
  refused: string | null;
}

/** How a forge message is set apart from the system prompt in the text a test reads (and in a snapshot file). */
export function messageHeading(index: number): string {
  return `==== forge message ${index + 1} (user role) ====`;
}

/** The text assertions and snapshots read: the system prompt, then each forge message under its heading. */
export function promptText(view: Pick<PromptView, "system" | "messages">): string {
  return [view.system, ...view.messages.map((m, i) => `${messageHeading(i)}\n${m}`)].join("\n\n");
}

/** The values the snapshot writes as placeholders: a test's cwd and date, and (--pi) where the host is installed. */
export interface Volatile {
  cwd: string;
  date: string;
  /** The host package's directory, which Pi's own prompt names (--pi only). */
  piPackage?: string;
}

/** The volatile values of a test's inputs. */
export function volatileOf(inputs: Pick<TestInputs, "cwd" | "date">, piPackage?: string): Volatile {
  return { cwd: inputs.cwd, date: inputs.date, ...(piPackage === undefined ? {} : { piPackage }) };
}

/**
 * A prompt text with its volatile parts as named placeholders: {{pi-package}} (longest first, it may lie under the
 * cwd), {{cwd}} and {{date}}. What a snapshot file holds, so it is the same on every machine and every day.
 */
export function withPlaceholders(text: string, volatile: Volatile): string {
  let out = text;
  if (volatile.piPackage) out = out.replaceAll(volatile.piPackage, "{{pi-package}}");
  return out.replaceAll(volatile.cwd, "{{cwd}}").replaceAll(volatile.date, "{{date}}");
}
