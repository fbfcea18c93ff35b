// The one port to Pi: the slice of both hosts' extension API that forge uses, as structural types (tests use fakes).
// Both hosts' real types are assignable to these (checked at compile time in test/runtime/host-adapter.test.ts).
import type { CustomPromptInputs } from "../../core/legacy-custom-prompt.js";
import type { SessionEntry } from "../../core/delivery-view.js";

/** The host's thinking level: read and handed back as is (1.x adds "max" to the levels a mode may ask for). */
export type HostThinkingLevel = string;
export type NotifyLevel = "info" | "warning" | "error";

/** A session entry as forge reads it: the reducers' fields, plus the message fields cache estimates and delivery inspect. */
export type BranchEntry = SessionEntry;

/**
 * The session manager as forge reads it: the active branch (root first) and its leaf's id. Only the session store
 * (runtime/session-store.ts) reads the branch; everything else gets the session model it folds.
 */
export interface SessionManagerPort {
  getBranch: () => BranchEntry[];
  /** Both hosts have it; the store keys its fold by it (without it, the store compares the branch it reads). */
  getLeafId?: () => string | null;
}

export interface ModelRef {
  provider: string;
  id: string;
  /** Provider quirks; 1.x's `supportsMidConvoSystemMessages` lives here (read by the adapter only). */
  compat?: unknown;
  /** Catalog prices, dollars per million tokens (read by the adapter only: host-adapter/model-prices.ts). */
  cost?: unknown;
}

export interface AutocompleteItem {
  value: string;
  label: string;
  description?: string;
}

export interface UiPort {
  notify(message: string, type?: NotifyLevel): void;
  setStatus(key: string, text: string | undefined): void;
  select(title: string, options: string[]): Promise<string | undefined>;
  confirm(title: string, message: string): Promise<boolean>;
  input?(title: string, placeholder?: string): Promise<string | undefined>;
  /** A multi-line editor on `prefill` (/mode new and edit); undefined when closed without saving. RPC clients get an editor request. */
  editor?(title: string, prefill?: string): Promise<string | undefined>;
  /**
   * TUI only: a custom component (forge's mode picker), with the parts of the host's TUI types forge uses.
   * Resolves undefined where the mode has no custom components (RPC), so the caller falls back to select().
   */
  /** Puts text into Pi's input editor (a prompt held back is given back). RPC sends it to the client. */
  setEditorText?(text: string): void;
  /** A widget above the editor (lines), or none (undefined): forge's standing notices that go away when resolved. */
  setWidget?(key: string, content: string[] | undefined): void;
  custom?<T>(factory: (tui: TuiPort, theme: ThemePort, keybindings: KeybindingsPort, done: (value: T) => void) => ComponentPort): Promise<T | undefined>;
  /** Both hosts' TUI: wraps the editor's autocomplete provider (forge's Tab completes its commands' arguments). */
  addAutocompleteProvider?(factory: (current: AutocompleteProviderPort) => AutocompleteProviderPort): void;
}

/** The editor's autocomplete provider as forge wraps it (both hosts' pi-tui AutocompleteProvider). */
export interface AutocompleteProviderPort {
  getSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    options: { signal: AbortSignal; force?: boolean },
  ): Promise<{ items: AutocompleteItem[]; prefix: string } | null>;
  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number };
  shouldTriggerFileCompletion?(lines: string[], cursorLine: number, cursorCol: number): boolean;
}

/** The colours forge's components take from the host's theme (both hosts' Theme.fg with these ThemeColor names). */
export interface ThemePort {
  fg(color: "accent" | "muted" | "warning" | "customMessageLabel", text: string): string;
}

export interface TuiPort {
  requestRender(force?: boolean): void;
}

/** The keybinding ids forge's picker asks about (both hosts' TUI define them). */
export type KeybindingId = "tui.select.cancel" | "tui.select.confirm" | "tui.select.up" | "tui.select.down" | "tui.editor.deleteCharBackward";

export interface KeybindingsPort {
  matches(data: string, id: KeybindingId): boolean;
}

export interface ComponentPort {
  render(width: number): string[];
  handleInput?(data: string): void;
  invalidate(): void;
}

/**
 * `event.systemPromptOptions` and 1.x's `ctx.getSystemPromptOptions()`: 0.73.1's fields, plus 1.x's mutable `sections`,
 * `customPrompt` (the preamble) and `forceSystemPrompt` (the exact whole prompt). No index signature, so both hosts'
 * real option types are assignable.
 */
export interface PromptOptions extends CustomPromptInputs {
  customPrompt?: string;
  sections?: Record<string, string>;
  forceSystemPrompt?: string;
}

/** A custom message: sent to the model as user-role text (a before_agent_start `message`, `pi.sendMessage`). */
export interface CustomMessage {
  customType: string;
  content: string;
  display: boolean;
  details?: unknown;
}

export interface BeforeAgentStartEvent {
  prompt?: string;
  /** The chained prompt so far. On 1.x a getter that renders the current (mutated) systemPromptOptions. */
  systemPrompt: string;
  systemPromptOptions?: PromptOptions;
}

export interface BeforeAgentStartResult {
  systemPrompt?: string;
  message?: CustomMessage;
}

export interface SessionBeforeForkEvent {
  entryId: string;
  position?: "before" | "at";
}

export interface SessionStartEvent {
  /** startup | reload | new | resume | fork (absent on very old hosts: treated as startup). */
  reason?: string;
}

/** A transcript message as 1.x's `context_with_system` hands it over (only what forge reads or writes). */
export interface TranscriptMessage {
  role: string;
  content?: unknown;
  /** 1.x system messages: the section patch (null removes a section). */
  sections?: Record<string, string | null>;
  toolCallId?: string;
  timestamp?: number;
  /** 1.x system messages: the tools this message declares (the declarations Pi replays into the request's tools). */
  toolsAdded?: Array<{ name: string }>;
}

/** 1.x only (0.73.1 never emits it): the transcript about to be sent, per request. */
export interface ContextWithSystemEvent {
  messages: TranscriptMessage[];
}

/** Both hosts: a tool call about to run (`input` as the model sent it). */
export interface ToolCallEvent {
  toolName: string;
  toolCallId: string;
  input: unknown;
}

/** `block: true` refuses the call before it runs; the model gets `reason` as the tool's error. */
export interface ToolCallResult {
  block?: boolean;
  reason?: string;
}

/** `model_select`: the model changed (/model, cycling, pi.setModel; 0.73.1 also on restore). */
export interface ModelSelectEvent {
  model?: ModelRef;
  previousModel?: ModelRef;
  source?: string;
}

/** Both hosts: user input before skill and template expansion and before any run starts (extension commands skip it). */
export interface InputEvent {
  text: string;
  /** interactive | rpc | extension. */
  source?: string;
  /** 1.x: set while a run streams (the text joins it as steer or follow-up). */
  streamingBehavior?: string;
}

/** `handled` ends the input there: no run starts, nothing is sent. */
export type InputResult = { action: "continue" } | { action: "handled" };

/** Both hosts: the provider payload Pi is about to send (the whole request body; forge reads it and returns nothing). */
export interface BeforeProviderRequestEvent {
  payload: unknown;
}

/** The events forge subscribes to, with what a handler may return. */
export interface HostEvents {
  session_start: { event: SessionStartEvent; result: void };
  input: { event: InputEvent; result: InputResult | undefined };
  session_tree: { event: unknown; result: void };
  /** Before a fork: the entry it forks at (a user message: the branch before it; "at": up to it). */
  session_before_fork: { event: SessionBeforeForkEvent; result: undefined };
  before_agent_start: { event: BeforeAgentStartEvent; result: BeforeAgentStartResult | undefined };
  context_with_system: { event: ContextWithSystemEvent; result: { messages: TranscriptMessage[] } | undefined };
  tool_call: { event: ToolCallEvent; result: ToolCallResult | undefined };
  model_select: { event: ModelSelectEvent; result: void };
  session_compact: { event: unknown; result: void };
  /** A result other than undefined would replace the payload: forge only records it. */
  before_provider_request: { event: BeforeProviderRequestEvent; result: undefined };
  /** Both hosts: a finished message (a tool result included), which a handler may replace (same role). */
  message_end: { event: { message: unknown }; result: { message: unknown } | undefined };
  /** Both hosts: a turn ended (1.x: before the next turn's tools are declared). */
  turn_end: { event: unknown; result: undefined };
}
export type HostEventName = keyof HostEvents;
export type HostHandler<K extends HostEventName> = (event: HostEvents[K]["event"], ctx: CtxPort) => HostEvents[K]["result"] | Promise<HostEvents[K]["result"]>;

export interface CtxPort {
  cwd: string;
  hasUI: boolean;
  /** 1.x only: "tui" | "rpc" | "json" | "print". */
  mode?: string;
  ui: UiPort;
  sessionManager: SessionManagerPort;
  modelRegistry?: { find(provider: string, modelId: string): ModelRef | undefined; getAll?(): ModelRef[] };
  model?: ModelRef | undefined;
  /** The host's current system prompt (0.73.1: the last run's final prompt). */
  getSystemPrompt?(): string;
  /** 1.x command contexts only: the base prompt inputs (with `sections`). */
  getSystemPromptOptions?(): PromptOptions;
  /** 1.x only: project trust. */
  isProjectTrusted?(): boolean;
  /** Both hosts: false while a run streams. */
  isIdle?(): boolean;
}

export interface CommandSpec {
  description?: string;
  getArgumentCompletions?: (prefix: string) => AutocompleteItem[] | null;
  handler: (args: string, ctx: CtxPort) => Promise<void>;
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
  execute(toolCallId: string, params: unknown, signal: unknown, onUpdate: unknown, ctx: CtxPort): Promise<ToolResult>;
}

/**
 * A registered tool as `pi.getAllTools()` reports it (only what forge reads): what a provider request declares of it,
 * and on 1.x its exposure, namespace and MCP annotations.
 */
export interface ToolInfo {
  name: string;
  description?: string;
  parameters?: unknown;
  exposure?: string;
  namespace?: { name?: string };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

export interface PiPort {
  on<K extends HostEventName>(event: K, handler: HostHandler<K>): void;
  registerCommand(name: string, spec: CommandSpec): void;
  registerFlag(name: string, options: { description?: string; type: "boolean" | "string"; default?: boolean | string }): void;
  getFlag(name: string): boolean | string | undefined;
  registerTool(tool: ToolDefinition): void;
  appendEntry(customType: string, data?: unknown): void;
  /** Both hosts: how the TUI draws custom messages of `customType` (forge's delivered updates: one compact line). */
  registerMessageRenderer?(
    customType: string,
    renderer: (message: { content?: unknown; details?: unknown }, options: { expanded: boolean }, theme: unknown) => ComponentPort | undefined,
  ): void;
  /** Idle: appended to the session at once. While a run streams: steered in before the next model request. */
  sendMessage(message: CustomMessage, options?: { deliverAs?: "steer" | "followUp" | "nextTurn" }): void;
  getActiveTools(): string[];
  /** Both hosts: every registered tool with what a request declares of it; 1.x adds exposure, namespace and MCP annotations. */
  getAllTools?(): ToolInfo[];
  setActiveTools(names: string[]): void;
  /**
   * 1.x only: an MCP server for this session (an mcp.json entry; Pi validates it and throws on an invalid one or a name
   * another extension holds). `never`: 1.x's config union is assignable here; tool-host.ts passes forge's schema type.
   */
  registerMcpServer?(name: string, config: never): void;
  unregisterMcpServer?(name: string): void;
  setModel(model: ModelRef): Promise<boolean>;
  getThinkingLevel(): HostThinkingLevel;
  setThinkingLevel(level: HostThinkingLevel): void;
}
