// A small simulation of both Pi hosts on top of FakePi: runs turns the way each host does (before_agent_start, the 1.x
// section diff recorded as system messages, tool batches with steering, Pi's re-normalized options on later turns) and
// records every model request as the provider would get it: 1.x patches in place or collapsed by the model's compat,
// a forced prompt projected over everything, compactions with their summary, kept entries and stored system message.
import type { CustomMessage, ModelRef } from "../../runtime/host-adapter/ports.js";
import * as legacyPrompt from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/system-prompt.js";
import * as modernPrompt from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";
import * as piTranscript from "../../node_modules/@earendil-works/pi-ai/dist/utils/transcript.js";
import * as piTextModule from "../../node_modules/@earendil-works/pi-ai/dist/utils/text.js";
import type { SentMessage, SentRequest } from "../shared/sent-request.js";
import { FakePi, FakeSession, hostLoopTurn, type FakeCtx, type HostFlavor, type TreeEntry } from "./fake-pi.js";

export type { SentMessage, SentRequest };

/** A tool call the fake agent makes in one batch. */
export interface ScriptedCall {
  name: string;
  args: unknown;
}

type Msg = { role: string; content?: unknown; sections?: Record<string, string | null>; [k: string]: unknown };

// pi-ai's transcript helpers over the loose message shape the simulation keeps (the real types want full messages).
const transcript = piTranscript as unknown as {
  resolveTranscript(context: { messages: Msg[] }, midConvo: boolean): { messages: Msg[] };
  getCurrentSystemMessage(messages: Msg[]): Msg | undefined;
};
const piText = piTextModule as unknown as { getSystemMessageText(m: Msg): string; renderSystemMessageUpdate(m: Msg): string };

export const CWD = "/w";

const text = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p?.text ?? "").join("") : "";

export function modelRef(midConvo: boolean): ModelRef {
  return { provider: "fake", id: midConvo ? "with-system-messages" : "without-system-messages", compat: { supportsMidConvoSystemMessages: midConvo } };
}

export class FakeHost {
  pi!: FakePi;
  ctx!: FakeCtx;
  readonly requests: SentRequest[] = [];
  /** A forced prompt (what a replace_final mode does), applied by a handler registered before forge's. */
  forced: string | null = null;
  /** Called with each request as it is sent (the session holds exactly what it was built from). */
  onRequest: (request: SentRequest) => void = () => {};
  private model: ModelRef;
  private calls = 0;
  private forks = 0;

  constructor(
    readonly flavor: HostFlavor,
    private readonly register: (pi: FakePi) => void,
    public session = new FakeSession(),
    midConvo = false,
  ) {
    this.model = modelRef(midConvo);
    this.load();
  }

  /** A fresh extension instance over `session` (startup, resume or fork), with session_start fired as Pi does. */
  private load(): void {
    this.pi = new FakePi({ session: this.session });
    this.pi.on("before_agent_start", (event) => {
      if (this.forced === null) return undefined;
      if (event.systemPromptOptions?.sections) return void (event.systemPromptOptions.forceSystemPrompt = this.forced);
      return { systemPrompt: this.forced };
    });
    this.register(this.pi);
    this.ctx = this.pi.ctx({ host: this.flavor, cwd: CWD, model: this.model });
  }

  async start(reason: string): Promise<void> {
    await this.pi.emitEach("session_start", { reason }, this.ctx);
  }

  async resume(): Promise<void> {
    this.load();
    await this.start("resume");
  }

  /** Pi's fork: a new session holding the path up to (not including) `entryId`. */
  async fork(entryId: string): Promise<void> {
    const path = this.session.getBranch();
    const at = path.findIndex((e) => e.id === entryId);
    const copy = new FakeSession(`f${++this.forks}-`); // fresh ids never collide with copied ones
    for (const e of path.slice(0, at < 0 ? path.length : at)) copy.entries.push(structuredClone(e));
    copy.leaf = copy.entries.at(-1)?.id ?? null;
    this.session = copy;
    this.load();
    await this.start("fork");
  }

  async tree(entryId: string | null): Promise<void> {
    this.session.branchFrom(entryId);
    await this.pi.emitEach("session_tree", {}, this.ctx);
  }

  async switchModel(midConvo: boolean): Promise<void> {
    const previousModel = this.model;
    this.model = modelRef(midConvo);
    this.ctx.model = this.model;
    await this.pi.emitEach("model_select", { model: this.model, previousModel, source: "set" }, this.ctx);
  }

  async command(args: string): Promise<void> {
    await this.pi.command(args, this.ctx);
  }

  /** Ids of the branch entries the current context carries: after the latest compaction, its kept entries and what follows. */
  contextEntryIds(): string[] {
    const path = this.session.getBranch();
    const cut = path.map((e) => e.type).lastIndexOf("compaction");
    if (cut < 0) return path.map((e) => e.id);
    const kept = path.findIndex((e, i) => i < cut && e.id === path[cut]!.firstKeptEntryId);
    return path
      .slice(kept >= 0 ? kept : cut + 1)
      .filter((e) => e.type !== "compaction")
      .map((e) => e.id);
  }

  /** The entries a request carries, as both hosts build them after compactions (1.x also drops kept system messages). */
  contextMessages(): Msg[] {
    const path = this.session.getBranch();
    const cut = path.map((e) => e.type).lastIndexOf("compaction");
    const out: Msg[] = [];
    const add = (e: TreeEntry, kept: boolean) => {
      if (e.type === "message") {
        const m = e.message as Msg;
        if (!(kept && m.role === "system")) out.push(m);
      } else if (e.type === "custom_message") out.push({ role: "user", content: e.content });
      else if (e.type === "compaction") {
        if (e.systemMessage) out.push(e.systemMessage as Msg);
        out.push({ role: "user", content: `<summary>${e.summary}</summary>` });
      }
    };
    if (cut < 0) path.forEach((e) => add(e, false));
    else {
      add(path[cut]!, false);
      const kept = path.findIndex((e, i) => i < cut && e.id === path[cut]!.firstKeptEntryId);
      if (kept >= 0) path.slice(kept, cut).forEach((e) => e.type !== "compaction" && add(e, true));
      path.slice(cut + 1).forEach((e) => add(e, false));
    }
    return out;
  }

  /** The request the provider gets for the current context: 1.x per the model's compat or the run's forced prompt. */
  private record(legacyPromptText: string | null, force: string | undefined): void {
    const context = this.contextMessages();
    const plain = (m: Msg): SentMessage => ({ role: m.role === "toolResult" ? "tool" : (m.role as SentMessage["role"]), text: text(m.content) });
    const send = (request: SentRequest) => {
      this.requests.push(request);
      this.onRequest(request);
      // The body as a chat-completions provider gets it, for before_provider_request (forge's handler records it).
      const payload = {
        model: this.model.id,
        messages: [{ role: "system", content: request.prompt }, ...request.messages.map((m) => ({ role: m.role, content: m.text }))],
      };
      for (const handler of this.pi.handlers.before_provider_request) void handler({ payload }, this.ctx);
    };
    if (legacyPromptText !== null) return send({ prompt: legacyPromptText, messages: context.map(plain) });
    if (force !== undefined) return send({ prompt: force, messages: context.filter((m) => m.role !== "system").map(plain) });
    const midConvo = (this.model.compat as { supportsMidConvoSystemMessages?: boolean }).supportsMidConvoSystemMessages === true;
    const resolved: Msg[] = transcript.resolveTranscript({ messages: context }, midConvo).messages;
    const head = resolved[0]?.role === "system" ? resolved[0] : undefined;
    const rest = head ? resolved.slice(1) : resolved;
    send({
      prompt: head ? piText.getSystemMessageText(head) : "",
      messages: rest.map((m) => (m.role === "system" ? { role: "system", text: piText.renderSystemMessageUpdate(m) } : plain(m))),
    });
  }

  /** Appends a 1.x system message patching the transcript's sections to those of `options`, when they differ. */
  private recordSections(options: ReturnType<typeof modernPrompt.normalizeBuildSystemPromptOptions>): void {
    const current = transcript.getCurrentSystemMessage(this.contextMessages())?.sections ?? {};
    const patch = modernPrompt.diffSystemPromptSections(current, modernPrompt.buildSystemPromptSections(options));
    if (patch) this.session.append({ type: "message", message: { role: "system", content: "", sections: patch, timestamp: 0 } });
  }

  /**
   * One prompt: before_agent_start, then one request per tool batch plus the final one. Tool calls run the registered
   * tool (a refusal is an error result); steered messages land after the batch's results, as in both hosts.
   */
  async turn(prompt: string, batches: ScriptedCall[][] = []): Promise<void> {
    await hostLoopTurn();
    const messages: CustomMessage[] = [];
    const modern = this.flavor === "1.x";
    let legacy = legacyPrompt.buildSystemPrompt({ cwd: CWD });
    let options = modernPrompt.normalizeBuildSystemPromptOptions({ cwd: CWD });
    for (const handler of this.pi.handlers.before_agent_start) {
      const event = modern
        ? {
            prompt,
            get systemPrompt() {
              return modernPrompt.buildSystemPrompt(options);
            },
            systemPromptOptions: options,
          }
        : { prompt, systemPrompt: legacy, systemPromptOptions: { cwd: CWD } };
      const r = await handler(event, this.ctx);
      if (r?.message) messages.push(r.message);
      if (r?.systemPrompt !== undefined) {
        if (modern) options.forceSystemPrompt = r.systemPrompt;
        else legacy = r.systemPrompt;
      }
    }
    if (modern) this.recordSections(options);
    this.session.append({ type: "message", message: { role: "user", content: prompt } });
    for (const m of messages)
      this.session.append({ type: "custom_message", customType: m.customType, content: m.content, display: m.display, details: m.details });
    this.pi.streaming = true;
    try {
      for (let turn = 0; turn <= batches.length; turn++) {
        if (modern && turn > 0) {
          // prepareNextTurnWithContext: a fresh copy of the run's options is diffed; forge's reference goes stale.
          options = modernPrompt.normalizeBuildSystemPromptOptions({ ...options });
          this.recordSections(options);
        }
        if (modern) await this.pi.emitEach("context_with_system", { messages: this.contextMessages() as never }, this.ctx);
        this.record(modern ? null : legacy, modern ? options.forceSystemPrompt : undefined);
        const batch = batches[turn];
        if (!batch) break;
        await this.runBatch(batch);
      }
      this.session.append({ type: "message", message: { role: "assistant", content: "done" } });
    } finally {
      this.pi.streaming = false;
    }
  }

  private async runBatch(batch: ScriptedCall[]): Promise<void> {
    const ids = batch.map(() => `call-${++this.calls}`);
    this.session.append({ type: "message", message: { role: "assistant", content: "", toolCalls: batch.map((c, i) => ({ id: ids[i], ...c })) } });
    for (const [i, call] of batch.entries()) {
      const tool = this.pi.tools.get(call.name);
      let result: string;
      try {
        if (!tool || !this.pi.activeTools.includes(call.name)) throw new Error(`Tool ${call.name} not found`);
        result = (await tool.execute(ids[i]!, call.args, undefined, undefined, this.ctx)).content.map((c) => c.text).join("");
      } catch (error) {
        result = String((error as Error).message);
      }
      this.session.append({ type: "message", message: { role: "toolResult", toolCallId: ids[i], content: result } });
    }
    for (const m of this.pi.steered.splice(0))
      this.session.append({ type: "custom_message", customType: m.customType, content: m.content, display: m.display, details: m.details });
  }

  /**
   * A compaction keeping the entries from `firstKeptEntryId` (null: none). 1.x stores the replayed system message.
   * Pi's summary paraphrases: it never carries a tag, so whatever was told before the kept entries is gone.
   */
  async compact(firstKeptEntryId: string | null): Promise<void> {
    // Pi's prepareCompaction cuts inside the current context (after the previous compaction's kept start), never in
    // entries an earlier compaction already summarized.
    if (firstKeptEntryId !== null && !this.contextEntryIds().includes(firstKeptEntryId)) {
      throw new Error(`compaction keeping from ${firstKeptEntryId}, which the current context does not carry (Pi never cuts there)`);
    }
    const systemMessage = this.flavor === "1.x" ? transcript.getCurrentSystemMessage(this.contextMessages()) : undefined;
    this.session.append({
      type: "compaction",
      summary: "The user and the agent discussed the parser.",
      firstKeptEntryId: firstKeptEntryId ?? "none",
      ...(systemMessage ? { systemMessage } : {}),
    });
    await this.pi.emitEach("session_compact", {}, this.ctx);
  }
}
