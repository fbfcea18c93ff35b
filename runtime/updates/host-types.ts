// The slice of Pi's extension API the system-update feature uses, as structural types (both hosts and test fakes fit).
import type { AutocompleteItemLike, NotifyLevel } from "../host-types.js";
import type { BranchEntryLike } from "../../core/update-reducer.js";

export interface UpdatesCtx {
  hasUI: boolean;
  ui: { notify(message: string, type?: NotifyLevel): void };
  sessionManager: { getBranch(): BranchEntryLike[] };
  /** Read by the host adapter only (e.g. a model's compat flags). */
  model?: { provider: string; id: string; compat?: Record<string, unknown> } | undefined;
  getSystemPrompt?(): string;
  /** 1.x command contexts only: the base prompt inputs (with `sections`); 0.73.1 has no such method. */
  getSystemPromptOptions?(): unknown;
}

export interface ToolResult {
  content: Array<{ type: "text"; text: string }>;
  details: unknown;
}

export interface ToolDefinition {
  name: string;
  label: string;
  description: string;
  parameters: Record<string, unknown>;
  execute(toolCallId: string, params: unknown, signal: unknown, onUpdate: unknown, ctx: UpdatesCtx): Promise<ToolResult>;
}

export interface CustomMessage {
  customType: string;
  content: string;
  display: boolean;
  details?: unknown;
}

export interface UpdatesPi {
  on(event: string, handler: (event: any, ctx: any) => unknown): unknown;
  registerCommand(
    name: string,
    spec: {
      description?: string;
      getArgumentCompletions?: (prefix: string) => AutocompleteItemLike[] | null;
      handler: (args: string, ctx: any) => Promise<void>;
    },
  ): void;
  registerTool(tool: ToolDefinition): void;
  appendEntry(customType: string, data?: unknown): void;
  /** Idle: appended to the session at once. While a run streams: steered in before the next model request. */
  sendMessage(message: CustomMessage, options?: { deliverAs?: "steer" | "followUp" | "nextTurn" }): void;
  getActiveTools(): string[];
  setActiveTools(names: string[]): void;
}

/** The prompt inputs of before_agent_start as far as delivery touches them (1.x: mutable sections). */
export interface PromptOptionsSlice {
  sections?: Record<string, string>;
  forceSystemPrompt?: string;
  [extra: string]: unknown;
}

export interface BeforeAgentStartSlice {
  systemPrompt: string;
  systemPromptOptions?: PromptOptionsSlice;
}

export interface BeforeAgentStartOutcome {
  systemPrompt?: string;
  message?: CustomMessage;
}
