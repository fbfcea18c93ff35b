// The one fake Pi of the runtime and update tests: a session tree with a movable leaf, contexts shaped like either
// host (0.73.1 or 1.x), and handlers run the way Pi runs them. Forge runs on it with the real host adapter.
import { FakeSession } from "./fake-session.js";
import type {
  BeforeAgentStartEvent,
  CommandSpec,
  CtxPort,
  CustomMessage,
  HostEventName,
  HostEvents,
  HostHandler,
  ModelRef,
  PiPort,
  PromptOptions,
  ToolDefinition,
  UiPort,
} from "../../runtime/host-adapter/ports.js";
import * as legacyPrompt from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/system-prompt.js";
import * as modernPrompt from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";

export { FakeSession, type TreeEntry } from "./fake-session.js";

/** Which host a context (and a run) is shaped like. */
export type HostFlavor = "0.73.1" | "1.x";

export interface FakeUiLog {
  notes: Array<{ text: string; level: string }>;
  status: Array<string | undefined>;
  confirms: string[];
  selects: string[][];
  /** The title of each select, in order (the trust dialog puts its question there). */
  selectTitles: string[];
  /** Every ctx.ui.editor call: its title and prefill. */
  editors: Array<{ title: string; prefill: string }>;
  /** Every ctx.ui.setWidget call (undefined content: cleared). */
  widgets: Array<{ key: string; content: string[] | undefined }>;
  /** Every ctx.ui.setEditorText call. */
  editorTexts: string[];
}

export interface FakeCtxOptions {
  host?: HostFlavor;
  cwd?: string;
  hasUI?: boolean;
  /** 1.x: "tui" | "rpc" | "json" | "print". */
  mode?: string;
  confirm?: boolean | ((title: string, message: string) => boolean | Promise<boolean>);
  select?: (options: string[]) => string | undefined;
  input?: (title: string) => string | undefined;
  /** ctx.ui.editor's answer (the saved text, or undefined: closed without saving); absent: the ctx has no editor. */
  editor?: (title: string, prefill: string) => string | undefined;
  custom?: UiPort["custom"];
  models?: ModelRef[];
  model?: ModelRef;
  /** The model's 1.x compat flag supportsMidConvoSystemMessages (default false) when no `model` is given. */
  midConvo?: boolean;
  /** What ctx.getSystemPrompt() returns (default "BASE PROMPT"). */
  systemPrompt?: string;
  /** 1.x: what ctx.getSystemPromptOptions() returns (default: cwd and empty sections). */
  promptOptions?: PromptOptions;
  /** 1.x: the initial answer of ctx.isProjectTrusted() (default true, as 1.x reports a bare .pi/forge). */
  trusted?: boolean;
}

export type FakeCtx = CtxPort & {
  log: FakeUiLog;
  session: FakeSession;
  /** 1.x: ctx.isProjectTrusted() answers this; change it to change the host's answer mid-session. */
  trusted: boolean;
};

type HandlerLists = { [K in HostEventName]: Array<HostHandler<K>> };

export interface FakePiOptions {
  session?: FakeSession;
  flags?: Record<string, string>;
  activeTools?: string[];
}

/** A fake ExtensionAPI: appendEntry and sendMessage write into its session; commands, flags and tools are recorded. */
/**
 * What the host's event loop does before each of its events (a key press, a line over RPC, a tool's result): it polls
 * for I/O, so a file-system event (a bundle rebuilt a moment ago, which runtime/scope-watch.ts watches for) arrives
 * before the handlers run. setImmediate runs after that poll phase, so this is deterministic: the kernel queues the
 * event when the file is written.
 */
export const hostLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class FakePi implements PiPort {
  readonly session: FakeSession;
  readonly log: FakeUiLog = {
    notes: [],
    status: [],
    confirms: [],
    selects: [],
    selectTitles: [],
    editors: [],
    widgets: [],
    editorTexts: [],
  };
  readonly flags = new Map<string, string | boolean | undefined>();
  readonly commands = new Map<string, CommandSpec>();
  readonly handlers: HandlerLists = {
    session_start: [],
    input: [],
    session_tree: [],
    session_before_fork: [],
    before_agent_start: [],
    context_with_system: [],
    tool_call: [],
    model_select: [],
    session_compact: [],
    before_provider_request: [],
    message_end: [],
    turn_end: [],
  };
  readonly tools = new Map<string, ToolDefinition>();
  readonly appended: Array<{ customType: string; data: unknown }> = [];
  readonly sent: Array<{ message: CustomMessage; options?: unknown }> = [];
  readonly modelSet: ModelRef[] = [];
  activeTools: string[];
  thinking = "medium";
  private readonly flagValues: Record<string, string>;

  constructor(opts: FakePiOptions = {}) {
    this.session = opts.session ?? new FakeSession();
    this.flagValues = opts.flags ?? {};
    this.activeTools = [...(opts.activeTools ?? ["read", "bash"])];
  }

  on<K extends HostEventName>(event: K, handler: HostHandler<K>): void {
    this.handlers[event].push(handler);
  }
  registerCommand(name: string, spec: CommandSpec): void {
    this.commands.set(name, spec);
  }
  registerFlag(name: string): void {
    this.flags.set(name, this.flagValues[name]);
  }
  getFlag(name: string): string | boolean | undefined {
    return this.flags.get(name);
  }
  registerTool(tool: ToolDefinition): void {
    this.tools.set(tool.name, tool);
    if (!this.activeTools.includes(tool.name)) this.activeTools.push(tool.name);
  }
  appendEntry(customType: string, data?: unknown): void {
    this.appended.push({ customType, data });
    this.session.appendCustom(customType, structuredClone(data));
  }
  /** While a simulated run streams (fake-host.ts), steered messages wait for the tool batch to end. */
  streaming = false;
  readonly steered: CustomMessage[] = [];
  /** Idle semantics of both hosts: the custom message is appended to the session at once. */
  sendMessage(message: CustomMessage, options?: { deliverAs?: "steer" | "followUp" | "nextTurn" }): void {
    this.sent.push({ message, options });
    if (this.streaming) return void this.steered.push(structuredClone(message));
    this.session.append({
      type: "custom_message",
      customType: message.customType,
      content: message.content,
      display: message.display,
      details: structuredClone(message.details),
    });
  }
  getActiveTools(): string[] {
    return [...this.activeTools];
  }
  getAllTools(): Array<{ name: string }> {
    return [...this.tools.keys()].map((name) => ({ name }));
  }
  setActiveTools(names: string[]): void {
    this.activeTools = [...names];
  }
  async setModel(model: ModelRef): Promise<boolean> {
    this.modelSet.push(model);
    return true;
  }
  getThinkingLevel(): string {
    return this.thinking;
  }
  setThinkingLevel(level: string): void {
    this.thinking = level;
  }

  /** A context on this Pi's session, shaped like `opts.host` (default 0.73.1); its UI writes to this Pi's log. */
  ctx(opts: FakeCtxOptions = {}): FakeCtx {
    const log = this.log;
    const models = opts.models ?? [];
    const cwd = opts.cwd ?? "/work";
    const modern = opts.host === "1.x";
    const ctx: FakeCtx = {
      cwd,
      hasUI: opts.hasUI ?? true,
      log,
      session: this.session,
      trusted: opts.trusted ?? true,
      sessionManager: this.session,
      model: opts.model ?? {
        provider: "fake",
        id: "m",
        compat: { supportsMidConvoSystemMessages: opts.midConvo ?? false },
      },
      modelRegistry: {
        find: (provider, id) => models.find((m) => m.provider === provider && m.id === id),
        getAll: () => models,
      },
      getSystemPrompt: () => opts.systemPrompt ?? "BASE PROMPT",
      ui: {
        notify: (text, level) => void log.notes.push({ text, level: level ?? "info" }),
        setStatus: (_key, text) => void log.status.push(text),
        setWidget: (key, content) => void log.widgets.push({ key, content }),
        setEditorText: (text) => void log.editorTexts.push(text),
        select: async (title, options) => {
          log.selects.push(options);
          log.selectTitles.push(title);
          return opts.select ? opts.select(options) : undefined;
        },
        confirm: async (title, message) => {
          log.confirms.push(`${title} ${message}`);
          const c = opts.confirm ?? false;
          return typeof c === "function" ? c(title, message) : c;
        },
        ...(opts.custom ? { custom: opts.custom } : {}),
        ...(opts.input ? { input: async (title: string) => opts.input!(title) } : {}),
        ...(opts.editor
          ? {
              editor: async (title: string, prefill?: string) => {
                log.editors.push({ title, prefill: prefill ?? "" });
                return opts.editor!(title, prefill ?? "");
              },
            }
          : {}),
      },
    };
    if (opts.mode !== undefined) ctx.mode = opts.mode;
    if (modern) {
      ctx.mode ??= opts.hasUI === false ? "print" : "tui";
      ctx.getSystemPromptOptions = () => opts.promptOptions ?? { cwd, sections: {} };
      ctx.isProjectTrusted = () => ctx.trusted;
    }
    return ctx;
  }

  /** Each handler's own result, in registration order (no chaining). */
  async emitEach<K extends HostEventName>(event: K, payload: HostEvents[K]["event"], ctx: CtxPort): Promise<unknown[]> {
    await hostLoopTurn();
    const out: unknown[] = [];
    for (const handler of this.handlers[event]) out.push(await handler(payload, ctx));
    return out;
  }

  /**
   * Runs the handlers like 0.73.1's runner: a later before_agent_start handler sees an earlier one's systemPrompt.
   * Returns the merged result (undefined when no handler returned one).
   */
  async emit<K extends HostEventName>(
    event: K,
    payload: HostEvents[K]["event"],
    ctx: CtxPort,
  ): Promise<{ systemPrompt?: string; message?: CustomMessage } | undefined> {
    await hostLoopTurn();
    let result: { systemPrompt?: string; message?: CustomMessage } | undefined;
    let current = payload;
    for (const handler of this.handlers[event]) {
      const r = (await handler(current, ctx)) as { systemPrompt?: string; message?: CustomMessage } | undefined;
      if (!r || typeof r !== "object") continue;
      if (r.systemPrompt !== undefined || r.message !== undefined) result = { ...result, ...r };
      if (event === "before_agent_start" && r.systemPrompt !== undefined)
        current = {
          ...(current as BeforeAgentStartEvent),
          systemPrompt: r.systemPrompt,
        } as HostEvents[K]["event"];
    }
    return result;
  }

  /**
   * One agent start as the host `ctx` is shaped like runs it, with Pi's own prompt builder for `cwd`:
   * 0.73.1 chains returned strings; 1.x hands every handler the same mutable options behind a prompt getter
   * and turns a returned string into forceSystemPrompt. Returns the prompt the model gets and the messages.
   */
  async runAgentStart(
    ctx: CtxPort,
    cwd: string,
  ): Promise<{
    prompt: string;
    messages: CustomMessage[];
    options: PromptOptions;
  }> {
    await hostLoopTurn();
    const messages: CustomMessage[] = [];
    if (ctx.isProjectTrusted === undefined) {
      const options = { cwd };
      let prompt = legacyPrompt.buildSystemPrompt(options);
      for (const handler of this.handlers.before_agent_start) {
        const r = await handler({ prompt: "go", systemPrompt: prompt, systemPromptOptions: options }, ctx);
        if (r?.message) messages.push(r.message);
        if (r?.systemPrompt !== undefined) prompt = r.systemPrompt;
      }
      return { prompt, messages, options };
    }
    const current = modernPrompt.normalizeBuildSystemPromptOptions({ cwd });
    for (const handler of this.handlers.before_agent_start) {
      const event = {
        prompt: "go",
        get systemPrompt() {
          return modernPrompt.buildSystemPrompt(current);
        },
        systemPromptOptions: current,
      };
      const r = await handler(event, ctx);
      if (r?.message) messages.push(r.message);
      if (r?.systemPrompt !== undefined) current.forceSystemPrompt = r.systemPrompt;
    }
    return {
      prompt: modernPrompt.buildSystemPrompt(current),
      messages,
      options: current,
    };
  }

  /** A tool call as both hosts' runners preflight it: handlers in order, the first `block` wins and stops the rest. */
  async toolCall(ctx: CtxPort, toolName: string, input: unknown, toolCallId = `call-${toolName}`): Promise<{ block?: boolean; reason?: string } | undefined> {
    await hostLoopTurn();
    let result: { block?: boolean; reason?: string } | undefined;
    for (const handler of this.handlers.tool_call) {
      const r = await handler({ toolName, toolCallId, input }, ctx);
      if (r) result = r;
      if (r?.block) return r;
    }
    return result;
  }

  async run(command: string, args: string, ctx: CtxPort): Promise<void> {
    await hostLoopTurn();
    const spec = this.commands.get(command);
    if (!spec) throw new Error(`no command ${command}`);
    await spec.handler(args, ctx);
  }

  /** User input as both hosts run it before a prompt: the first `handled` ends it (nothing is sent). */
  async input(text: string, ctx: CtxPort, streamingBehavior?: string): Promise<"handled" | "continue"> {
    await hostLoopTurn();
    for (const handler of this.handlers.input) {
      const r = await handler(
        {
          text,
          source: "interactive",
          ...(streamingBehavior ? { streamingBehavior } : {}),
        },
        ctx,
      );
      if (r?.action === "handled") return "handled";
    }
    return "continue";
  }

  /**
   * A model request as both hosts make it: before_provider_request sees the body (chat completions: the tools, the
   * prompt as a leading system message, then `messages`). Returns the body.
   */
  async request(ctx: CtxPort, prompt: string, messages: unknown[] = [], tools: unknown[] = []): Promise<unknown> {
    const payload = { model: "m", messages: [{ role: "system", content: prompt }, ...messages], stream: true, tools };
    for (const handler of this.handlers.before_provider_request) await handler({ payload }, ctx);
    return payload;
  }

  /** `/system-update <args>`. */
  async command(args: string, ctx: CtxPort): Promise<void> {
    await this.run("system-update", args, ctx);
  }

  get notes(): FakeUiLog["notes"] {
    return this.log.notes;
  }

  lastNote(): string {
    return this.log.notes.at(-1)?.text ?? "";
  }
}
