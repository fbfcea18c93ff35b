// The pure result of composing a selection: what the host adapter turns into a host-specific prompt change.

export type Strategy = "append" | "replace_base" | "replace_final";

/** One rendered append overlay. `text` is the section body (already labelled, see renderOverlaySection). */
export interface OverlaySection {
  key: string;
  label: string;
  text: string;
}

export type ComposedBase =
  | { key: string; strategy: "replace_base"; text: string }
  | { key: string; strategy: "replace_final"; text: string };

export type Composition =
  /** Leave Pi's native prompt untouched. `reason` is null when simply nothing is selected. */
  | { kind: "native"; reason: string | null }
  | { kind: "compose"; base: ComposedBase | null; overlays: OverlaySection[] };

/**
 * The structured inputs Pi hands `before_agent_start` (`event.systemPromptOptions`), as far as forge
 * reads them. Both hosts provide these fields; 1.x adds mutable `sections`, `forceSystemPrompt`...
 */
export interface PromptOptionsLike {
  customPrompt?: string;
  selectedTools?: string[];
  toolSnippets?: Record<string, string>;
  promptGuidelines?: string[];
  appendSystemPrompt?: string;
  cwd: string;
  contextFiles?: Array<{ path: string; content: string }>;
  skills?: unknown[];
  [extra: string]: unknown;
}

/** Section body for an overlay: a heading with the label, then the text. Same bytes on both hosts. */
export function renderOverlaySection(label: string, text: string): string {
  return `# ${label}\n\n${text}`;
}
