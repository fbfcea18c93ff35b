// The slice of Pi's extension API that forge uses, as structural types (both hosts fit; tests use fakes).
import type { BranchEntryLike } from "../core/mode-state-reducer.js";

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
export type NotifyLevel = "info" | "warning" | "error";

export interface ModelLike {
  provider: string;
  id: string;
}

export interface AutocompleteItemLike {
  value: string;
  label: string;
  description?: string;
}

export interface UiLike {
  notify(message: string, type?: NotifyLevel): void;
  setStatus(key: string, text: string | undefined): void;
  select(title: string, options: string[]): Promise<string | undefined>;
  confirm(title: string, message: string): Promise<boolean>;
  input?(title: string, placeholder?: string): Promise<string | undefined>;
  custom?<T>(factory: (tui: unknown, theme: unknown, keybindings: unknown, done: (value: T) => void) => unknown): Promise<T | undefined>;
}

export interface SessionManagerLike {
  getBranch(): BranchEntryLike[];
}

export interface ModelRegistryLike {
  find(provider: string, modelId: string): ModelLike | undefined;
  getAll?(): ModelLike[];
}

export interface CtxLike {
  cwd: string;
  hasUI: boolean;
  /** 1.x only: "tui" | "rpc" | "json" | "print". */
  mode?: string;
  ui: UiLike;
  sessionManager: SessionManagerLike;
  modelRegistry?: ModelRegistryLike;
  model?: ModelLike | undefined;
  /** The host's current system prompt, where the context offers it. */
  getSystemPrompt?(): string;
  /** 1.x command contexts only: the base prompt inputs. */
  getSystemPromptOptions?(): unknown;
}

export interface CommandSpec {
  description?: string;
  getArgumentCompletions?: (prefix: string) => AutocompleteItemLike[] | null;
  handler: (args: string, ctx: CtxLike) => Promise<void>;
}

export interface PiLike {
  on(event: string, handler: (event: any, ctx: CtxLike) => unknown): void;
  registerCommand(name: string, spec: CommandSpec): void;
  registerFlag(name: string, options: { description?: string; type: "boolean" | "string"; default?: boolean | string }): void;
  getFlag(name: string): boolean | string | undefined;
  appendEntry(customType: string, data?: unknown): void;
  getActiveTools(): string[];
  setActiveTools(names: string[]): void;
  setModel(model: ModelLike): Promise<boolean>;
  getThinkingLevel(): ThinkingLevel;
  setThinkingLevel(level: ThinkingLevel): void;
}
