// Unit tests of the host adapter on event objects shaped exactly like each host's before_agent_start event.
import type * as Legacy from "@mariozechner/pi-coding-agent";
import type * as Modern from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Composition, OverlaySection } from "../../core/composition.js";
import { detectHostAdapter, effectivePrompt } from "../../runtime/host-adapter/index.js";
import type {
  BeforeAgentStartEvent,
  BeforeAgentStartResult,
  ContextWithSystemEvent,
  CtxPort,
  HostHandler,
  PiPort,
  PromptOptions,
  SessionStartEvent,
} from "../../runtime/host-adapter/ports.js";
import { sectionName } from "../../core/prompt-layout.js";
import { FakePi } from "../support/fake-pi.js";
import * as legacyPrompt from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/system-prompt.js";
import * as modernPrompt from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";

// Compile-time: both hosts' real types are assignable to the one host port, and forge's results are valid on both.
type Fits<A, B> = [A] extends [B] ? true : never;
/** The on() overloads of the events forge handles on both hosts, with the port's handler types. */
interface ForgeSubscriptions {
  on(event: "session_start", handler: HostHandler<"session_start">): void;
  on(event: "session_tree", handler: HostHandler<"session_tree">): void;
  on(event: "before_agent_start", handler: HostHandler<"before_agent_start">): void;
  on(event: "tool_call", handler: HostHandler<"tool_call">): void;
}
export const portFits: [
  Fits<Legacy.ExtensionAPI, PiPort>,
  Fits<Modern.ExtensionAPI, PiPort>,
  Fits<Legacy.ExtensionAPI, ForgeSubscriptions>,
  Fits<Modern.ExtensionAPI, ForgeSubscriptions>,
  Fits<Legacy.ExtensionContext, CtxPort>,
  Fits<Modern.ExtensionContext, CtxPort>,
  Fits<Legacy.ExtensionCommandContext, CtxPort>,
  Fits<Modern.ExtensionCommandContext, CtxPort>,
  Fits<Legacy.BeforeAgentStartEvent, BeforeAgentStartEvent>,
  Fits<Modern.BeforeAgentStartEvent, BeforeAgentStartEvent>,
  Fits<BeforeAgentStartResult, Legacy.BeforeAgentStartEventResult>,
  Fits<BeforeAgentStartResult, Modern.BeforeAgentStartEventResult>,
  Fits<Legacy.SessionStartEvent, SessionStartEvent>,
  Fits<Modern.SessionStartEvent, SessionStartEvent>,
  Fits<Modern.ContextWithSystemEvent, ContextWithSystemEvent>,
  Fits<Legacy.BuildSystemPromptOptions, PromptOptions>,
  Fits<Modern.BuildSystemPromptOptions, PromptOptions>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
const typeChecks = portFits.every((fits) => fits);

const adapter = detectHostAdapter({});
const A: OverlaySection = { key: "alpha", label: "Alpha", text: "# Alpha\n\nA body" };
const B: OverlaySection = { key: "beta", label: "Beta", text: "# Beta\n\nB body" };
const NATIVE: Composition = { kind: "native", reason: null };
const append = (...overlays: OverlaySection[]): Composition => ({ kind: "compose", base: null, overlays });
const replaceBase = (text: string, ...overlays: OverlaySection[]): Composition => ({
  kind: "compose",
  base: { key: "base", strategy: "replace_base", text },
  overlays,
});
const replaceFinal = (text: string, ...overlays: OverlaySection[]): Composition => ({
  kind: "compose",
  base: { key: "final", strategy: "replace_final", text },
  overlays,
});

const BASE_OPTIONS: Legacy.BuildSystemPromptOptions = {
  cwd: "/repo",
  selectedTools: ["read", "bash"],
  toolSnippets: { read: "Read files", bash: "Run commands" },
  promptGuidelines: [],
  appendSystemPrompt: "APPEND",
  contextFiles: [{ path: "/repo/AGENTS.md", content: "Use tabs." }],
  skills: [],
};

/** Pi 0.73.1's event: a plain string prompt and the session's options object. */
function legacyEvent(options: Legacy.BuildSystemPromptOptions = BASE_OPTIONS) {
  return { type: "before_agent_start", prompt: "hi", systemPrompt: legacyPrompt.buildSystemPrompt(options), systemPromptOptions: options };
}

/** Pi 1.x's event, built the way its runner does: normalized options and a getter rendering them. */
function modernEvent(extra: { sections?: Record<string, string>; customPrompt?: string } = {}) {
  const options = modernPrompt.normalizeBuildSystemPromptOptions({ ...BASE_OPTIONS, ...extra } as Modern.BuildSystemPromptOptions);
  const event = {
    type: "before_agent_start",
    messageType: "user",
    prompt: "hi",
    get systemPrompt() {
      return modernPrompt.buildSystemPrompt(options);
    },
    systemPromptOptions: options,
  };
  return { event, options };
}

const wrap = (name: string, text: string) => `<${name}>\n${text}\n</${name}>`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 30, 12));
});
afterEach(() => vi.useRealTimers());

describe("legacy host (0.73.1): returns the whole prompt string", () => {
  it("native leaves Pi's prompt alone", () => {
    expect(typeChecks).toBe(true);
    expect(adapter.applyComposition(legacyEvent(), NATIVE)).toBeUndefined();
    expect(adapter.applyComposition(legacyEvent(), append())).toBeUndefined();
  });

  it("append adds wrapped sections in order after the chained prompt", () => {
    const event = legacyEvent();
    const result = adapter.applyComposition(event, append(A, B));
    expect(result).toEqual({ systemPrompt: `${event.systemPrompt}\n\n${wrap("forge-alpha", A.text)}\n\n${wrap("forge-beta", B.text)}` });
  });

  it("append builds on an earlier extension's chained prompt", () => {
    const event = { ...legacyEvent(), systemPrompt: "CHAINED BY ANOTHER EXTENSION" };
    expect(adapter.applyComposition(event, append(A))?.systemPrompt).toBe(`CHAINED BY ANOTHER EXTENSION\n\n${wrap("forge-alpha", A.text)}`);
  });

  it("replace_base is Pi's custom-prompt branch, then the overlays", () => {
    const result = adapter.applyComposition(legacyEvent(), replaceBase("BASE", A));
    const pi = legacyPrompt.buildSystemPrompt({ ...BASE_OPTIONS, customPrompt: "BASE" });
    expect(result).toEqual({ systemPrompt: `${pi}\n\n${wrap("forge-alpha", A.text)}` });
    expect(pi.startsWith("BASE\n\nAPPEND\n\n# Project Context")).toBe(true);
  });

  it("replace_final is exactly the bytes; overlays never touch it", () => {
    const bytes = "EXACT\r\n  bytes \u2028 ✓\n";
    expect(adapter.applyComposition(legacyEvent(), replaceFinal(bytes, A, B))).toEqual({ systemPrompt: bytes });
  });

  it("skips empty overlays, like 1.x drops empty sections", () => {
    const empty = { ...B, text: "" };
    expect(adapter.applyComposition(legacyEvent(), append(empty))).toBeUndefined();
    expect(adapter.applyComposition(legacyEvent(), append(A, empty))?.systemPrompt?.endsWith(wrap("forge-alpha", A.text))).toBe(true);
  });

  it("an empty base replaces nothing: replace_base keeps Pi's prompt, replace_final stays native", () => {
    const event = legacyEvent();
    expect(adapter.applyComposition(event, replaceBase("", A))).toEqual({ systemPrompt: `${event.systemPrompt}\n\n${wrap("forge-alpha", A.text)}` });
    expect(adapter.applyComposition(event, replaceBase(""))).toBeUndefined();
    expect(adapter.applyComposition(event, replaceFinal("", A))).toBeUndefined();
  });

  it("replace_base without systemPromptOptions throws a clear error", () => {
    expect(() => adapter.applyComposition({ systemPrompt: "x" }, replaceBase("B"))).toThrow(/systemPromptOptions/);
  });

  it("has no project-trust API", () => {
    expect(adapter.projectTrust(new FakePi().ctx({ host: "0.73.1" }))).toBeNull();
    expect(adapter.projectTrust(undefined)).toBeNull();
  });
});

describe("1.x host: mutates systemPromptOptions and returns nothing", () => {
  it("native removes forge sections and keeps others", () => {
    const { event, options } = modernEvent({ sections: { other: "theirs", "forge-stale": "old" } });
    expect(adapter.applyComposition(event, NATIVE)).toBeUndefined();
    expect(options.sections).toEqual({ other: "theirs" });
    expect(options.forceSystemPrompt).toBeUndefined();
    expect(options.customPrompt).toBeUndefined();
  });

  it("append writes forge-<key> sections in composition order", () => {
    const { event, options } = modernEvent({ sections: { "forge-beta": "stale", other: "theirs" } });
    const before = modernPrompt.buildSystemPrompt(
      modernPrompt.normalizeBuildSystemPromptOptions({ ...BASE_OPTIONS, sections: { other: "theirs" } } as Modern.BuildSystemPromptOptions),
    );
    expect(adapter.applyComposition(event, append(A, B))).toBeUndefined();
    expect(Object.keys(options.sections)).toEqual(["other", "forge-alpha", "forge-beta"]);
    expect(options.sections["forge-alpha"]).toBe(A.text);
    expect(event.systemPrompt).toBe(`${before}\n\n${wrap("forge-alpha", A.text)}\n\n${wrap("forge-beta", B.text)}`);
    expect(options.customPrompt).toBeUndefined();
    expect(options.forceSystemPrompt).toBeUndefined();
  });

  it("replace_base sets customPrompt (the preamble) and keeps Pi's context sections", () => {
    const { event, options } = modernEvent();
    adapter.applyComposition(event, replaceBase("BASE", A));
    expect(options.customPrompt).toBe("BASE");
    expect(options.forceSystemPrompt).toBeUndefined();
    const sections = modernPrompt.buildSystemPromptSections(options);
    expect(Object.keys(sections)).toEqual(["preamble", "addendum", "project_context", "cwd", "forge-alpha"]);
    expect(event.systemPrompt.startsWith("BASE\n\n<addendum>\nAPPEND\n</addendum>")).toBe(true);
  });

  it("replace_final sets forceSystemPrompt to the exact bytes and no forge sections", () => {
    const { event, options } = modernEvent({ sections: { "forge-alpha": "old" } });
    const bytes = "EXACT\r\n  bytes \u2028 ✓\n";
    expect(adapter.applyComposition(event, replaceFinal(bytes, A))).toBeUndefined();
    expect(options.forceSystemPrompt).toBe(bytes);
    expect(options.sections).toEqual({});
    expect(event.systemPrompt).toBe(bytes);
  });

  it("a prompt forced by an earlier handler gets the overlays appended, like the legacy chain", () => {
    const { event, options } = modernEvent();
    options.forceSystemPrompt = "FORCED BY ANOTHER EXTENSION";
    adapter.applyComposition(event, append(A, B));
    expect(options.sections).toEqual({ "forge-alpha": A.text, "forge-beta": B.text });
    expect(event.systemPrompt).toBe(`FORCED BY ANOTHER EXTENSION\n\n${wrap("forge-alpha", A.text)}\n\n${wrap("forge-beta", B.text)}`);
  });

  it("replace_base drops a prompt forced by an earlier handler, like the legacy rebuild from the options", () => {
    const { event, options } = modernEvent();
    options.forceSystemPrompt = "FORCED BY ANOTHER EXTENSION";
    adapter.applyComposition(event, replaceBase("BASE"));
    expect(options.forceSystemPrompt).toBeUndefined();
    expect(event.systemPrompt.startsWith("BASE\n\n")).toBe(true);
  });

  it("an empty base replaces nothing", () => {
    const { event, options } = modernEvent({ customPrompt: "USER PROMPT" });
    adapter.applyComposition(event, replaceBase("", A));
    expect(options.customPrompt).toBe("USER PROMPT");
    adapter.applyComposition(event, replaceFinal(""));
    expect(options.forceSystemPrompt).toBeUndefined();
  });

  it("section names always pass 1.x's validation", () => {
    for (const key of ["alpha", "Weird.Key", "9lives", "ünïcode", ""]) {
      const name = sectionName(key);
      expect(name).toMatch(/^forge-[a-z0-9_-]*$/);
      const { event, options } = modernEvent();
      adapter.applyComposition(event, append({ key, label: key, text: "t" }));
      expect(() => modernPrompt.buildSystemPromptSections(options)).not.toThrow();
    }
  });

  it("projectTrust asks ctx.isProjectTrusted() and fails closed when it throws", () => {
    expect(adapter.projectTrust({ isProjectTrusted: () => true })).toBe(true);
    expect(adapter.projectTrust({ isProjectTrusted: () => false })).toBe(false);
    expect(
      adapter.projectTrust({
        isProjectTrusted: () => {
          throw new Error("stale ctx");
        },
      }),
    ).toBe(false);
  });
});

describe("both hosts show the model the same overlay shape", () => {
  it("the overlay tail is byte-identical", () => {
    const legacy = legacyEvent();
    const legacyText = effectivePrompt(legacy, adapter.applyComposition(legacy, append(A, B)));
    const { event } = modernEvent();
    const modernText = effectivePrompt(event, adapter.applyComposition(event, append(A, B)));
    const tail = `\n\n${wrap("forge-alpha", A.text)}\n\n${wrap("forge-beta", B.text)}`;
    expect(legacyText.endsWith(tail)).toBe(true);
    expect(modernText.endsWith(tail)).toBe(true);
  });

  it("after an earlier extension's string edit, append gives the same text on both hosts", () => {
    const legacy = { ...legacyEvent(), systemPrompt: "" };
    const { event, options } = modernEvent();
    legacy.systemPrompt = `${event.systemPrompt}\n\nEDIT`;
    options.forceSystemPrompt = `${event.systemPrompt}\n\nEDIT`;
    const legacyText = effectivePrompt(legacy, adapter.applyComposition(legacy, append(A, B)));
    const modernText = effectivePrompt(event, adapter.applyComposition(event, append(A, B)));
    expect(modernText).toBe(legacyText);
  });

  it("effectivePrompt is the native prompt when forge does nothing", () => {
    const legacy = legacyEvent();
    expect(effectivePrompt(legacy, adapter.applyComposition(legacy, NATIVE))).toBe(legacy.systemPrompt);
    const { event } = modernEvent();
    const native = event.systemPrompt;
    expect(effectivePrompt(event, adapter.applyComposition(event, NATIVE))).toBe(native);
  });
});
