// The only module that knows which Pi host runs: applies a Composition in before_agent_start, chains a handler's result
// the way the host does, resolves tool paths as the host's tools do, and answers capability questions (project trust,
// sections, folded section changes, the last request's prompt). Keeps no state: what a run showed is handed back to
// the caller (observeRun), which keeps it in the session's records (runtime/session-store.ts). Imports no feature code.
import type { Composition } from "../../core/composition.js";
import { FORGE_SECTION_PREFIX, overlayTail, renderPromptString, sectionName, visibleOverlays } from "../../core/prompt-layout.js";
import { lastRequestPrompt } from "./last-request-prompt.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, BranchEntry, CtxPort, PromptOptions } from "./ports.js";
import { resolveLegacyToolPath, resolveModernToolPath, type ToolPathResolver } from "./tool-path-resolver.js";

export type { ToolPathResolver } from "./tool-path-resolver.js";
export { catalogPrices, modelPrices } from "./model-prices.js";
export { observeRequest, predictRequest, readRequest, type RequestChange, type RequestPrediction, type RequestRecord } from "./request-body.js";

/** What a run handed forge before forge changed anything: whether the host keeps prompt sections, and Pi's own inputs. */
export interface RunObservation {
  sections: boolean;
  /** null when the host's prompt could not be read. */
  native: NativeInputs | null;
}

export interface HostAdapter {
  /** Host-reported project trust, or null when the host has no project-trust API (forge's trust store decides). */
  projectTrust(ctx: Pick<CtxPort, "isProjectTrusted"> | undefined): boolean | null;
  /** Applies a composition; on hosts with sections it mutates event.systemPromptOptions and may return nothing. */
  applyComposition(event: BeforeAgentStartEvent, composition: Composition): BeforeAgentStartResult | undefined;
  /**
   * Whether a change may travel as a prompt section (Pi diffs sections and patches them) rather than as a
   * timeline message: the host has sections and, for a run's `options`, no forced prompt hides them.
   * `null` (a command or tool outside before_agent_start) asks what the host showed at `lastRun` (none: no).
   */
  supportsSections(options: PromptOptions | null, lastRun?: RunObservation | null): boolean;
  /** What a run hands over, read before anything is applied (the caller records it: the adapter keeps nothing). */
  observeRun(event: BeforeAgentStartEvent): RunObservation;
  /**
   * The event the next before_agent_start step sees after `result`, as the host chains handlers: 0.73.1 hands the
   * returned string on as the prompt; 1.x turns it into `forceSystemPrompt` on the shared options.
   */
  chainEvent(event: BeforeAgentStartEvent, result: BeforeAgentStartResult | undefined): BeforeAgentStartEvent;
  /** How the running host resolves a tool's path argument (ctx shows the host: 1.x contexts have isProjectTrusted). */
  toolPathResolver(ctx: Pick<CtxPort, "isProjectTrusted">): ToolPathResolver;
  /**
   * With section delivery: whether a changed section reaches the model by rewriting the prompt Pi replays
   * (the model has no mid-conversation system messages) rather than as an appended patch.
   */
  foldsSectionChanges(ctx: Pick<CtxPort, "model">): boolean;
  /**
   * For cache estimates: the system prompt `composition` would give over `lastRun`'s native inputs
   * (before forge applied anything), else over `fallback`. Rendered the hosts' shared way (append tail).
   */
  previewPrompt(composition: Composition, fallback: NativeInputs, lastRun?: RunObservation | null): string;
  /**
   * For cache estimates outside a run: the prompt of the last request on `branch` (ctx's branch), null when unknown.
   * `ranHere` false (no run in this process yet): a host that keeps no transcript of the prompt does not know it.
   */
  lastRequestPrompt(ctx: Pick<CtxPort, "getSystemPrompt">, branch: readonly BranchEntry[], ranHere?: boolean): string | null;
  /**
   * The keys that break a line in the host's extension editor, for its title: 1.x binds Shift+Enter and Ctrl+J;
   * 0.73.1 binds Shift+Enter only, which a terminal without extended keys sends as Enter, while its editor takes a
   * bare line feed (Ctrl+J) as a new line too.
   */
  newlineKeys(ctx: Pick<CtxPort, "isProjectTrusted">): string;
}

/** Pi's prompt and options as a run hands them to forge, before forge changes anything. */
export interface NativeInputs {
  systemPrompt: string;
  options?: PromptOptions;
}

/**
 * The system prompt the model gets after applying `result`, on either host: the returned string, else the
 * event's prompt (on 1.x a getter rendering the mutated options, forceSystemPrompt included).
 * For status and size figures; call it after applyComposition.
 */
export function effectivePrompt(event: BeforeAgentStartEvent, result: BeforeAgentStartResult | undefined): string {
  return result?.systemPrompt ?? event.systemPrompt;
}

/** The prompt `composition` yields over `inputs` as one string: the legacy rendering, which mirrors 1.x's sections. */
function previewOver(composition: Composition, inputs: NativeInputs): string {
  const event = { systemPrompt: inputs.systemPrompt, systemPromptOptions: inputs.options };
  try {
    return effectivePrompt(event, legacyHostAdapter.applyComposition(event, composition));
  } catch {
    return inputs.systemPrompt; // no options for replace_base: an estimate, never a failure
  }
}

/** Each run's inputs, before anything is applied: on 1.x the prompt getter still renders Pi's own options here. */
function observeRun(event: BeforeAgentStartEvent): RunObservation {
  const options = event.systemPromptOptions;
  try {
    return { sections: hasSections(options), native: { systemPrompt: event.systemPrompt, options: options ? { ...options } : undefined } };
  } catch {
    return { sections: hasSections(options), native: null };
  }
}

const previewWith = (composition: Composition, fallback: NativeInputs, lastRun?: RunObservation | null) =>
  previewOver(composition, lastRun?.native ?? fallback);

/** 0.73.1 passes the returned string to the next handler as its prompt. */
function chainLegacy(event: BeforeAgentStartEvent, result: BeforeAgentStartResult | undefined): BeforeAgentStartEvent {
  return result?.systemPrompt === undefined ? event : { ...event, systemPrompt: result.systemPrompt };
}

const LEGACY_NEWLINE_KEYS = "Ctrl+J (or Shift+Enter where the terminal reports it)";
const MODERN_NEWLINE_KEYS = "Shift+Enter or Ctrl+J";

/** Pi 0.73.1: the prompt is one string, so forge returns the whole composed string. */
export const legacyHostAdapter: HostAdapter = {
  projectTrust: () => null,
  supportsSections: () => false,
  observeRun,
  chainEvent: chainLegacy,
  toolPathResolver: () => resolveLegacyToolPath,
  previewPrompt: previewWith,
  foldsSectionChanges: () => false,
  lastRequestPrompt,
  newlineKeys: () => LEGACY_NEWLINE_KEYS,
  applyComposition(event, composition) {
    const systemPrompt = renderPromptString(event.systemPrompt, event.systemPromptOptions, composition);
    return systemPrompt === undefined ? undefined : { systemPrompt };
  },
};

/** Pi 1.x: mutate the structured options so Pi diffs sections and patches only what changed. */
export const sectionsHostAdapter: HostAdapter = {
  projectTrust(ctx) {
    const isProjectTrusted = ctx?.isProjectTrusted;
    if (typeof isProjectTrusted !== "function") return null;
    try {
      return isProjectTrusted.call(ctx) === true;
    } catch {
      return false; // a stale context: fail closed, the project scope stays untrusted
    }
  },
  supportsSections: (options) => options === null || sectionsUsable(options),
  observeRun,
  // 1.x's runner sets forceSystemPrompt on the options every handler shares; the event's prompt getter renders them.
  chainEvent(event, result) {
    if (result?.systemPrompt !== undefined && event.systemPromptOptions) event.systemPromptOptions.forceSystemPrompt = result.systemPrompt;
    return event;
  },
  toolPathResolver: () => resolveModernToolPath,
  previewPrompt: previewWith,
  // compat is provider data of any shape; a missing or non-object compat has no such flag.
  foldsSectionChanges: (ctx) => (ctx.model?.compat as { supportsMidConvoSystemMessages?: unknown } | null | undefined)?.supportsMidConvoSystemMessages !== true,
  lastRequestPrompt,
  newlineKeys: () => MODERN_NEWLINE_KEYS,
  applyComposition(event, composition) {
    // Only reached when the run handed over sections (detectHostAdapter checks).
    const options = event.systemPromptOptions!;
    const sections = options.sections!;
    // The options are a fresh copy per run, but another handler may have written forge-* keys: forge owns them.
    for (const name of Object.keys(sections)) {
      if (name.startsWith(FORGE_SECTION_PREFIX)) delete sections[name];
    }
    if (composition.kind === "native") return undefined;
    const { base, overlays } = composition;
    if (base?.strategy === "replace_final") {
      if (base.text !== "") options.forceSystemPrompt = base.text;
      return undefined;
    }
    // An earlier handler that returned `systemPrompt` set forceSystemPrompt, which would hide customPrompt and the
    // sections from the request. Mirror the legacy chain instead: replace_base starts from the options (dropping
    // that forced prompt), and overlays are appended to a forced prompt that stays.
    if (base?.strategy === "replace_base" && base.text !== "") {
      options.customPrompt = base.text;
      delete options.forceSystemPrompt;
    }
    // Insertion order is render order, so the overlays appear in composition order after Pi's sections.
    for (const overlay of visibleOverlays(overlays)) sections[sectionName(overlay.key)] = overlay.text;
    if (options.forceSystemPrompt !== undefined) options.forceSystemPrompt += overlayTail(overlays);
    return undefined;
  },
};

function hasSections(options: PromptOptions | undefined): boolean {
  const sections = options?.sections;
  return typeof sections === "object" && sections !== null && !Array.isArray(sections);
}

/** Sections exist and no forced prompt (which 1.x renders instead of every section) hides them. */
function sectionsUsable(options: PromptOptions): boolean {
  return hasSections(options) && !options.forceSystemPrompt;
}

/**
 * The adapter for the running host, decided per call from what the host hands over (mutable
 * `systemPromptOptions.sections` in before_agent_start, `ctx.isProjectTrusted` for trust and tool paths), so it needs
 * nothing at load time and keeps nothing: outside a run it answers from the `lastRun` its caller recorded.
 * `pi` is accepted for the contract and not inspected.
 */
export function detectHostAdapter(_pi: unknown): HostAdapter {
  return detectedHostAdapter;
}

const detectedHostAdapter: HostAdapter = Object.freeze({
  // Trust, folding and the last request's prompt are read from the context, so the 1.x answers hold on both hosts.
  ...sectionsHostAdapter,
  applyComposition(event: BeforeAgentStartEvent, composition: Composition) {
    return (hasSections(event.systemPromptOptions) ? sectionsHostAdapter : legacyHostAdapter).applyComposition(event, composition);
  },
  chainEvent(event: BeforeAgentStartEvent, result: BeforeAgentStartResult | undefined) {
    return (hasSections(event.systemPromptOptions) ? sectionsHostAdapter : legacyHostAdapter).chainEvent(event, result);
  },
  supportsSections: (options: PromptOptions | null, lastRun?: RunObservation | null) =>
    options === null ? lastRun?.sections === true : sectionsUsable(options),
  // 1.x contexts carry isProjectTrusted; 0.73.1's do not. A 1.x that lacked it gets 0.73.1's resolver, which refuses
  // every scheme (file:// included) under a limit: the wrong guess can only refuse more.
  toolPathResolver: (ctx: Pick<CtxPort, "isProjectTrusted">) => (typeof ctx.isProjectTrusted === "function" ? resolveModernToolPath : resolveLegacyToolPath),
  newlineKeys: (ctx: Pick<CtxPort, "isProjectTrusted">) => (typeof ctx.isProjectTrusted === "function" ? MODERN_NEWLINE_KEYS : LEGACY_NEWLINE_KEYS),
});
