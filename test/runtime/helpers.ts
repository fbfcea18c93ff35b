// Test helpers: bundles with valid digests, an in-memory session tree, and fake pi/ctx objects.
import { computeBundleHash, digestComponent, type Scope } from "../../core/digest.js";
import type { ForgeBundle, Mode, Preset } from "../../generated/types.js";
import type { Composition } from "../../core/composition.js";
import type { HostAdapter } from "../../runtime/host-adapter/index.js";
import type { CommandSpec, CtxLike, ModelLike, PiLike, ThinkingLevel } from "../../runtime/host-types.js";
import type { BranchEntryLike } from "../../core/mode-state-reducer.js";

export type ModeSpec = Partial<Omit<Mode, "digest" | "prompt">> & { text?: string; prompt?: Mode["prompt"] };
export type PresetSpec = Partial<Omit<Preset, "digest" | "modeDigests">>;

export function makeMode(key: string, spec: ModeSpec, scope: Scope): Mode {
  const entry: Omit<Mode, "digest"> = {
    label: spec.label ?? key[0]!.toUpperCase() + key.slice(1),
    description: spec.description ?? `The ${key} mode.`,
    strategy: spec.strategy ?? "append",
    prompt: spec.prompt ?? [{ text: spec.text ?? `${key} instructions` }],
    requires: spec.requires ?? [],
    conflictsWith: spec.conflictsWith ?? [],
    before: spec.before ?? [],
    after: spec.after ?? [],
    source: spec.source ?? `modes/${key}.yaml`,
    ...(spec.model ? { model: spec.model } : {}),
    ...(spec.thinking ? { thinking: spec.thinking } : {}),
    ...(spec.tools ? { tools: spec.tools } : {}),
  };
  return { ...entry, digest: digestComponent("mode", key, scope, entry) } as Mode;
}

/** A bundle with every digest, modeDigests and the bundleHash computed as the compiler would. */
export function makeBundle(
  scope: Scope,
  modes: Record<string, ModeSpec>,
  presets: Record<string, PresetSpec> = {},
  otherModes: Record<string, Mode> = {},
): ForgeBundle {
  const builtModes: Record<string, Mode> = {};
  for (const [key, spec] of Object.entries(modes)) builtModes[key] = makeMode(key, spec, scope);
  const builtPresets: Record<string, Preset> = {};
  for (const [key, spec] of Object.entries(presets)) {
    const overlays = spec.overlays ?? [];
    const refs = [...(spec.base ? [spec.base] : []), ...overlays];
    const modeDigests: Record<string, string> = {};
    for (const ref of refs) {
      const m = builtModes[ref] ?? otherModes[ref];
      if (m) modeDigests[ref] = m.digest;
    }
    const entry: Omit<Preset, "digest"> = {
      description: spec.description ?? `The ${key} preset.`,
      overlays,
      modeDigests,
      systemUpdates: spec.systemUpdates ?? [],
      source: spec.source ?? `presets/${key}.yaml`,
      ...(spec.base ? { base: spec.base } : {}),
      ...(spec.driftPolicy ? { driftPolicy: spec.driftPolicy } : {}),
    };
    builtPresets[key] = { ...entry, digest: digestComponent("preset", key, scope, entry) } as Preset;
  }
  const bundle = {
    generated: "by forge build, do not edit",
    format: 1,
    forgeVersion: "0.0.0-test",
    scope,
    bundleHash: "",
    modes: builtModes,
    presets: builtPresets,
  } as ForgeBundle;
  bundle.bundleHash = computeBundleHash(bundle);
  return bundle;
}

/** Re-seals a hand-edited bundle's bundleHash (the component digests are left as they are). */
export function resealHash(bundle: ForgeBundle): ForgeBundle {
  bundle.bundleHash = computeBundleHash(bundle);
  return bundle;
}

interface TreeEntry extends BranchEntryLike {
  id: string;
  parentId: string | null;
}

/** An append-only session tree with a movable leaf, like Pi's SessionManager. */
export class FakeSession {
  entries: TreeEntry[] = [];
  leaf: string | null = null;
  private n = 0;

  append(entry: Omit<BranchEntryLike, "id">): string {
    const id = `e${++this.n}`;
    this.entries.push({ ...entry, id, parentId: this.leaf } as TreeEntry);
    this.leaf = id;
    return id;
  }

  appendCustom(customType: string, data: unknown): string {
    return this.append({ type: "custom", customType, data });
  }

  appendMessage(text: string): string {
    return this.append({ type: "message", data: text });
  }

  /** Moves the leaf (like /tree). */
  branchFrom(id: string | null): void {
    this.leaf = id;
  }

  getBranch(): BranchEntryLike[] {
    const byId = new Map(this.entries.map((e) => [e.id, e]));
    const path: BranchEntryLike[] = [];
    let cur = this.leaf === null ? undefined : byId.get(this.leaf);
    while (cur) {
      path.unshift(cur);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
    return path;
  }

  getEntries(): BranchEntryLike[] {
    throw new Error("forge must fold getBranch(), never getEntries()");
  }
}

export interface FakeUiLog {
  notes: Array<{ text: string; level: string }>;
  status: Array<string | undefined>;
  confirms: string[];
  selects: string[][];
}

export interface FakeCtxOptions {
  cwd: string;
  hasUI?: boolean;
  session?: FakeSession;
  confirm?: boolean | ((title: string, message: string) => boolean | Promise<boolean>);
  select?: (options: string[]) => string | undefined;
  models?: ModelLike[];
  model?: ModelLike;
  mode?: string;
  custom?: (factory: (tui: unknown, theme: unknown, keybindings: unknown, done: (value: any) => void) => unknown) => Promise<unknown>;
  input?: (title: string) => string | undefined;
}

export function fakeCtx(opts: FakeCtxOptions): CtxLike & { log: FakeUiLog; session: FakeSession } {
  const log: FakeUiLog = { notes: [], status: [], confirms: [], selects: [] };
  const session = opts.session ?? new FakeSession();
  const models = opts.models ?? [];
  return {
    cwd: opts.cwd,
    hasUI: opts.hasUI ?? true,
    ...(opts.mode ? { mode: opts.mode } : {}),
    log,
    session,
    model: opts.model,
    sessionManager: session,
    modelRegistry: {
      find: (provider, id) => models.find((m) => m.provider === provider && m.id === id),
      getAll: () => models,
    },
    ui: {
      notify: (text, level) => void log.notes.push({ text, level: level ?? "info" }),
      setStatus: (_key, text) => void log.status.push(text),
      select: async (_title, options) => {
        log.selects.push(options);
        return opts.select ? opts.select(options) : undefined;
      },
      ...(opts.custom ? { custom: opts.custom as any } : {}),
      ...(opts.input ? { input: async (title: string) => opts.input!(title) } : {}),
      confirm: async (title, message) => {
        log.confirms.push(`${title} ${message}`);
        const c = opts.confirm ?? false;
        return typeof c === "function" ? c(title, message) : c;
      },
    },
  };
}

export interface FakePi extends PiLike {
  flags: Map<string, string | boolean | undefined>;
  commands: Map<string, CommandSpec>;
  handlers: Map<string, Array<(event: any, ctx: CtxLike) => unknown>>;
  appended: Array<{ customType: string; data: unknown }>;
  tools: string[];
  thinking: ThinkingLevel;
  modelSet: ModelLike[];
  registeredTools: string[];
  sent: unknown[];
  registerTool(tool: { name: string }): void;
  sendMessage(message: unknown): void;
  emit(event: string, payload: any, ctx: CtxLike): Promise<unknown>;
  run(command: string, args: string, ctx: CtxLike): Promise<void>;
}

/** A fake ExtensionAPI whose appendEntry writes into the session of the ctx it was last used with. */
export function fakePi(session: FakeSession, flagValues: Record<string, string> = {}): FakePi {
  const pi: FakePi = {
    flags: new Map(),
    commands: new Map(),
    handlers: new Map(),
    appended: [],
    tools: ["read", "bash", "edit", "write"],
    thinking: "medium",
    modelSet: [],
    registeredTools: [],
    sent: [],
    registerTool(tool) {
      this.registeredTools.push(tool.name);
    },
    sendMessage(message) {
      this.sent.push(message);
    },
    on(event, handler) {
      const list = this.handlers.get(event) ?? [];
      list.push(handler);
      this.handlers.set(event, list);
    },
    registerCommand(name, spec) {
      this.commands.set(name, spec);
    },
    registerFlag(name) {
      this.flags.set(name, flagValues[name]);
    },
    getFlag(name) {
      return this.flags.get(name);
    },
    appendEntry(customType, data) {
      this.appended.push({ customType, data });
      session.appendCustom(customType, data);
    },
    getActiveTools() {
      return [...this.tools];
    },
    setActiveTools(names) {
      this.tools = [...names];
    },
    async setModel(model) {
      this.modelSet.push(model);
      return true;
    },
    getThinkingLevel() {
      return this.thinking;
    },
    setThinkingLevel(level) {
      this.thinking = level;
    },
    /** Runs handlers in registration order; like Pi, a later handler sees an earlier one's systemPrompt. */
    async emit(event, payload, ctx) {
      let result: { systemPrompt?: string } | undefined;
      for (const h of this.handlers.get(event) ?? []) {
        const r = (await h(payload, ctx)) as { systemPrompt?: string } | undefined;
        if (r && typeof r === "object" && r.systemPrompt !== undefined) {
          result = { ...result, ...r };
          if (event === "before_agent_start") payload = { ...payload, systemPrompt: r.systemPrompt };
        }
      }
      return result;
    },
    async run(command, args, ctx) {
      const spec = this.commands.get(command);
      if (!spec) throw new Error(`no command ${command}`);
      await spec.handler(args, ctx);
    },
  };
  return pi;
}

/** A host adapter that renders compositions to a readable string, so tests can assert on the prompt. */
export function recordingAdapter(): HostAdapter & { trust: boolean | null; last: Composition | null } {
  return {
  trust: null,
  last: null,
  projectTrust() {
    return this.trust;
  },
  supportsSections: () => false,
  previewPrompt: (_composition, fallback) => fallback.systemPrompt,
  foldsSectionChanges: () => false,
  applyComposition(event, composition) {
    this.last = composition;
    if (composition.kind === "native") return undefined;
    if (composition.base?.strategy === "replace_final") return { systemPrompt: composition.base.text };
    const base = composition.base ? composition.base.text : event.systemPrompt;
    return { systemPrompt: [base, ...composition.overlays.map((o) => o.text)].join("\n\n") };
  },
  };
}
