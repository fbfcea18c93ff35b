// An in-memory Pi for system-update tests: a branch of entries, appendEntry/sendMessage, tools, handlers, notify.
import type { Preset, SystemUpdate } from "../../generated/types.js";
import type { ActivePresetRef } from "../../runtime/updates/blocks.js";
import type { SystemUpdatesDeps } from "../../runtime/updates/deps.js";
import type { CustomMessage, ToolDefinition, UpdatesCtx, UpdatesPi } from "../../runtime/updates/host-types.js";
import type { BranchEntryLike } from "../../core/update-reducer.js";

export interface Entry extends BranchEntryLike {
  id: string;
  content?: unknown;
  details?: unknown;
  display?: boolean;
  message?: unknown;
}

export class FakePi implements UpdatesPi {
  branch: Entry[] = [];
  handlers = new Map<string, Array<(event: any, ctx: any) => unknown>>();
  commands = new Map<string, { getArgumentCompletions?: (p: string) => unknown; handler: (args: string, ctx: any) => Promise<void> }>();
  tools = new Map<string, ToolDefinition>();
  activeTools: string[] = ["read", "bash"];
  sent: Array<{ message: CustomMessage; options?: unknown }> = [];
  notes: Array<{ text: string; level: string }> = [];
  private seq = 0;

  nextId(): string {
    this.seq += 1;
    return `e${this.seq}`;
  }
  on(event: string, handler: (event: any, ctx: any) => unknown): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
  }
  registerCommand(name: string, spec: any): void {
    this.commands.set(name, spec);
  }
  registerTool(tool: ToolDefinition): void {
    this.tools.set(tool.name, tool);
    if (!this.activeTools.includes(tool.name)) this.activeTools.push(tool.name);
  }
  appendEntry(customType: string, data?: unknown): void {
    this.branch.push({ type: "custom", id: this.nextId(), customType, data: structuredClone(data) });
  }
  /** Idle semantics of both hosts: the custom message is appended to the session at once. */
  sendMessage(message: CustomMessage, options?: unknown): void {
    this.sent.push({ message, options });
    this.branch.push({ type: "custom_message", id: this.nextId(), customType: message.customType, content: message.content, display: message.display, details: structuredClone(message.details) });
  }
  getActiveTools(): string[] {
    return [...this.activeTools];
  }
  setActiveTools(names: string[]): void {
    this.activeTools = [...names];
  }
  pushEntry(entry: Omit<Entry, "id">): Entry {
    const full = { ...entry, id: this.nextId() } as Entry;
    this.branch.push(full);
    return full;
  }
  ctx(opts: { hasUI?: boolean; systemPrompt?: string; midConvo?: boolean } = {}): UpdatesCtx {
    return {
      hasUI: opts.hasUI ?? true,
      ui: { notify: (text: string, level?: string) => this.notes.push({ text, level: level ?? "info" }) },
      sessionManager: { getBranch: () => this.branch },
      model: { provider: "fake", id: "m", compat: { supportsMidConvoSystemMessages: opts.midConvo ?? false } },
      getSystemPrompt: () => opts.systemPrompt ?? "BASE PROMPT",
    };
  }
  async emit(event: string, payload: any, ctx: UpdatesCtx): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const h of this.handlers.get(event) ?? []) out.push(await h(payload, ctx));
    return out;
  }
  async command(args: string, ctx: UpdatesCtx): Promise<void> {
    await this.commands.get("system-update")!.handler(args, ctx);
  }
  lastNote(): string {
    return this.notes[this.notes.length - 1]?.text ?? "";
  }
}

export function block(id: string, opts: { callable?: boolean; text?: string } = {}): SystemUpdate {
  return {
    id,
    name: `Block ${id}`,
    description: `Does ${id} things.`,
    modelCallable: opts.callable ?? false,
    content: [{ text: opts.text ?? `Instructions of ${id}.` }],
    digest: "0".repeat(64),
  };
}

export function presetRef(blocks: SystemUpdate[], opts: { key?: string; scope?: ActivePresetRef["scope"]; trusted?: boolean } = {}): ActivePresetRef {
  const preset: Preset = { description: "p", overlays: [], modeDigests: {}, systemUpdates: blocks, source: "presets/p.yaml", digest: "1".repeat(64) };
  return { key: opts.key ?? "review", preset, scope: opts.scope ?? "builtin", trusted: opts.trusted ?? true };
}

export function fakeDeps(holder: { preset: ActivePresetRef | null }, sections: boolean): SystemUpdatesDeps {
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0);
  return {
    adapter: {
      supportsSections: (options) => sections && options?.forceSystemPrompt === undefined,
      foldsSectionChanges: (ctx) => ctx.model?.compat?.supportsMidConvoSystemMessages !== true,
    },
    getActivePreset: () => holder.preset,
    renderTemplate: (segments) => segments.map((s) => ("text" in s ? s.text : `{${s.slot}}`)).join(""),
    now: () => new Date((clock += 1000)),
  };
}
