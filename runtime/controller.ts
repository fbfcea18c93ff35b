// Per-session runtime state of the extension: catalog, replayed selection, activation, composition. Host API at the edges only.
import { platform } from "node:os";
import type { ForgeModeStateEntry, Mode } from "../generated/types.js";
import { buildCatalog, emptyCatalog, type Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, ComposeResult } from "../core/composition.js";
import { createComposeCache } from "./compose-cache.js";
import { effectivePrompt, type HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, PiPort } from "./host-adapter/ports.js";
import { say, setFooter } from "./notify.js";
import { hasPreferences, mergePreferences } from "../core/preferences.js";
import { applyPreferences, restorePreferences, takeSnapshot, type PreferenceSnapshot } from "./preferences-applier.js";
import { buildPromptVars, type PromptVars } from "../core/template.js";
import { buildStatusReport, type StatusReport } from "./status-report.js";
import { discoverScopes, resolveScopePaths, scopeFingerprint, type DiscoveredScopes, type ScopePaths } from "./scope-discovery.js";
import { describeSelection, selectedKeys } from "../core/candidate.js";
import {
  createOffEntry, createStateEntry, resolveRequest, sameKeys, sameSelection, type ResolvedCandidate, type StateSource,
} from "../core/selection.js";
import { resolveStartupSelection } from "./startup-request.js";
import { MODE_STATE_TYPE, reduceBranch } from "../core/mode-state-reducer.js";

export interface ControllerDeps {
  pi: PiPort;
  adapter: HostAdapter | null;
  env: NodeJS.ProcessEnv;
  builtinFile: string;
  now?: () => Date;
  os?: string;
}

/** How an activation was confirmed for a replace_final base: a flag (optionally bound to a digest prefix) or nothing. */
export type ExactConfirmation = { given: false } | { given: true; digestPrefix: string | null };

export type ActivationResult = { ok: true; message: string } | { ok: false; message: string; cancelled?: boolean };

export class ForgeController {
  readonly pi: PiPort;
  readonly env: NodeJS.ProcessEnv;
  private readonly adapter: HostAdapter | null;
  private readonly builtinFile: string;
  private readonly now: () => Date;
  private readonly os: string;
  private readonly composeCached = createComposeCache();
  private readonly told = new Set<string>();
  private fingerprint = "";
  private cwd = "";
  discovered: DiscoveredScopes | null = null;
  catalog: Catalog = emptyCatalog();
  selection: ActiveSelection = { state: null, error: null };
  notices: string[] = [];
  /** Replay diagnostics of the active branch (malformed state entries), shown by /mode status. */
  replayNotices: string[] = [];
  /** The last fallback or drift notice told per turn: told again only when it changes. */
  private lastTurnNotice: string | null = null;
  private snapshot: PreferenceSnapshot | null = null;
  /** The last before_agent_start event and forge's result, measured lazily by /mode preview. */
  private lastTurn: { event: BeforeAgentStartEvent; result: BeforeAgentStartResult | undefined } | null = null;

  constructor(deps: ControllerDeps) {
    this.pi = deps.pi;
    this.adapter = deps.adapter;
    this.env = deps.env;
    this.builtinFile = deps.builtinFile;
    this.now = deps.now ?? (() => new Date());
    this.os = deps.os ?? platform();
  }

  /** Tells the operator once per distinct message (session_start may fire twice in RPC). */
  tellOnce(ctx: CtxPort, text: string, level: "info" | "warning" | "error" = "warning"): void {
    if (this.told.has(text)) return;
    this.told.add(text);
    say(ctx, text, level);
  }

  /** Re-reads the bundles when any file changed (stat check) or when forced. */
  refresh(ctx: CtxPort, force = false): void {
    const hostTrust = this.hostTrust(ctx);
    if (!force && this.discovered !== null && this.cwd === ctx.cwd && fingerprintOf(this.discovered.paths, hostTrust) === this.fingerprint) {
      return;
    }
    const paths = resolveScopePaths(ctx.cwd, this.env, this.builtinFile);
    this.cwd = ctx.cwd;
    this.fingerprint = fingerprintOf(paths, hostTrust);
    this.discovered = discoverScopes(paths, hostTrust);
    this.catalog = buildCatalog(this.discovered.bundles);
    this.notices = [...this.discovered.notices];
    for (const notice of this.notices) this.tellOnce(ctx, notice);
  }

  /** The host's trust answer (1.x can change it mid-session), null without a trust API. */
  private hostTrust(ctx: CtxPort): boolean | null {
    try {
      return this.adapter ? this.adapter.projectTrust(ctx) : null;
    } catch {
      return false; // a failing trust API must not trust a project
    }
  }

  /**
   * session_start / session_tree: replay the active branch, then apply an explicit startup request.
   * `followPreferences` (/tree): Pi keeps the model across navigation, so the replayed selection's
   * preferences are applied (or the pre-forge values restored) when the selection changed.
   */
  async rederive(ctx: CtxPort, applyStartup: boolean, followPreferences = false): Promise<void> {
    this.refresh(ctx, true);
    const before = this.selection.state;
    const replay = reduceBranch(ctx.sessionManager.getBranch());
    this.replayNotices = replay.diagnostics.map((d) => d.message);
    for (const n of this.replayNotices) this.tellOnce(ctx, n);
    this.selection = { state: replay.state, error: null };
    const replayedKeys = selectedKeys(replay.state);
    if (followPreferences && selectedKeys(before).join(",") !== replayedKeys.join(",")) await this.applyModePreferences(ctx, replayedKeys);
    if (applyStartup) {
      const startup = resolveStartupSelection(this.env, { mode: this.pi.getFlag("mode"), preset: this.pi.getFlag("preset") });
      if (startup.kind === "error") {
        this.selection = { state: replay.state, error: startup.error };
        this.tellOnce(ctx, startup.error, "error");
      } else if (startup.kind === "request") {
        const resolved = resolveRequest(this.catalog, startup.request);
        if (!resolved.ok) {
          const error = `forge: ${startup.origin} refused: ${resolved.error}; using Pi's native prompt`;
          this.selection = { state: replay.state, error };
          this.tellOnce(ctx, error, "error");
        } else if (sameKeys(replay.state, resolved.candidate)) {
          // The replayed state already is this selection: keep its pins, so drift since then still shows.
        } else {
          const result = await this.activate(ctx, resolved.candidate, startup.source, startupConfirmation(this.env), replay.state, false);
          if (!result.ok) {
            const error = `forge: ${startup.origin} refused: ${result.message}; using Pi's native prompt`;
            this.selection = { state: replay.state, error };
            this.tellOnce(ctx, error, "error");
          }
        }
      }
    }
    this.updateFooter(ctx);
  }

  /**
   * Pins and appends one state entry for a validated candidate, asking for confirmation of a
   * replace_final base. Nothing is appended when the selection equals `unlessSameAs` (default:
   * the current state): an unchanged selection is not a change.
   */
  async activate(
    ctx: CtxPort,
    candidate: ResolvedCandidate,
    source: StateSource,
    confirmation: ExactConfirmation,
    unlessSameAs?: ForgeModeStateEntry | null,
    dialogs = true,
  ): Promise<ActivationResult> {
    if (unlessSameAs === undefined) unlessSameAs = this.selection.state;
    const baseEntry = candidate.base === null ? undefined : this.catalog.modes.get(candidate.base);
    let confirmedExact: string | undefined;
    let entry = createStateEntry(this.catalog, candidate, { source, now: this.now() });
    if (baseEntry?.mode.strategy === "replace_final") {
      const digest = baseEntry.mode.digest;
      const shown = `"${baseEntry.key}" (replace_final, digest ${digest.slice(0, 12)})`;
      const alreadyConfirmed = unlessSameAs?.confirmedExact === digest && sameSelection(unlessSameAs, { ...entry, confirmedExact: digest });
      if (alreadyConfirmed) {
        // The replayed state already holds an operator confirmation of exactly this digest.
      } else if (confirmation.given) {
        if (confirmation.digestPrefix !== null && !digest.startsWith(confirmation.digestPrefix)) {
          return { ok: false, message: `confirmation was for digest ${confirmation.digestPrefix}, but ${shown} is current` };
        }
      } else if (ctx.hasUI && dialogs) {
        const ok = await ctx.ui.confirm(
          `Use ${baseEntry.mode.label} as the exact system prompt?`,
          `${shown} replaces Pi's whole system prompt with its text, byte for byte. Confirm digest ${digest.slice(0, 12)}.`,
        );
        if (!ok) return { ok: false, cancelled: true, message: `activation of ${shown} cancelled` };
        // The confirmation covers the digest shown: re-read the bundles, refuse if anything moved.
        this.refresh(ctx, true);
        const again = resolveRequest(this.catalog, { kind: "keys", keys: selectedKeys(entry) }, candidate.driftPolicy);
        const fresh = again.ok ? createStateEntry(this.catalog, { ...again.candidate, preset: candidate.preset }, { source, now: this.now() }) : null;
        if (fresh === null || !sameSelection(fresh, entry)) {
          return { ok: false, message: `the bundle changed while confirming ${shown}; nothing was activated` };
        }
        entry = fresh;
      } else {
        return { ok: false, message: `${shown} needs confirmation: add --confirm-exact (headless) or PI_MODE_CONFIRM_EXACT=1 (startup)` };
      }
      confirmedExact = digest;
      entry = { ...entry, confirmedExact };
    }
    const keys = selectedKeys(entry);
    const summary = keys.length === 0 ? "forge: mode off (Pi's native prompt)" : `forge: active ${candidate.preset ? `preset ${candidate.preset} ` : ""}${describeSelection(entry)} (drift policy ${entry.driftPolicy})`;
    if (sameSelection(unlessSameAs, entry)) {
      this.selection = { state: unlessSameAs, error: null };
      this.updateFooter(ctx);
      return { ok: true, message: `${summary} (unchanged)` };
    }
    this.pi.appendEntry(MODE_STATE_TYPE, entry);
    this.selection = { state: entry, error: null };
    await this.applyModePreferences(ctx, keys);
    this.updateFooter(ctx);
    return { ok: true, message: summary };
  }

  /** /mode off: append the off entry and restore what forge changed. */
  async deactivate(ctx: CtxPort): Promise<string> {
    this.refresh(ctx);
    if (selectedKeys(this.selection.state).length === 0) {
      this.selection = { state: this.selection.state, error: null };
      this.updateFooter(ctx);
      return "forge: already off (Pi's native prompt)";
    }
    const entry = createOffEntry(this.catalog, this.now());
    this.pi.appendEntry(MODE_STATE_TYPE, entry);
    this.selection = { state: entry, error: null };
    if (this.snapshot) {
      for (const n of await restorePreferences(this.pi, ctx, this.snapshot)) say(ctx, n, "warning");
      this.snapshot = null;
    }
    this.updateFooter(ctx);
    return "forge: mode off (Pi's native prompt)";
  }

  private async applyModePreferences(ctx: CtxPort, keys: string[]): Promise<void> {
    const modes = keys.map((k) => this.catalog.modes.get(k)?.mode).filter((m): m is Mode => m !== undefined);
    const prefs = mergePreferences(modes);
    if (!hasPreferences(prefs) && this.snapshot === null) return;
    if (this.snapshot === null) this.snapshot = takeSnapshot(this.pi, ctx);
    for (const n of await applyPreferences(this.pi, ctx, prefs, this.snapshot)) say(ctx, n, "warning");
  }

  vars(ctx: CtxPort): PromptVars {
    return buildPromptVars({ cwd: ctx.cwd, now: this.now(), model: ctx.model ?? null, os: this.os, preset: this.selection.state?.preset ?? null });
  }

  compose(ctx: CtxPort): ComposeResult {
    return this.composeCached(this.catalog, this.selection, this.vars(ctx));
  }

  status(ctx: CtxPort): { report: StatusReport; result: ComposeResult } {
    this.refresh(ctx);
    const result = this.compose(ctx);
    const report = buildStatusReport(this.catalog, this.discovered!, this.selection, result, [...this.notices, ...this.replayNotices]);
    return { report, result };
  }

  /** before_agent_start: compose (cached) and hand the result to the host adapter; native on any failure. */
  beforeAgentStart(event: BeforeAgentStartEvent, ctx: CtxPort): BeforeAgentStartResult | undefined {
    this.refresh(ctx);
    const result = this.compose(ctx);
    let notice: string | null = null;
    if (result.fallbackReason !== null) notice = result.fallbackReason;
    else if (result.drift.length > 0 && this.selection.state?.driftPolicy === "warn") {
      notice = `forge: drift (policy warn), composing the current definitions: ${result.drift.map((d) => d.key).join(", ")}`;
    }
    if (notice !== null && notice !== this.lastTurnNotice && !this.told.has(notice)) say(ctx, notice, "warning");
    this.lastTurnNotice = notice;
    this.updateFooter(ctx, result);
    if (!this.adapter) {
      if (result.composition.kind !== "native") this.tellOnce(ctx, "forge: no host adapter for this Pi version; using Pi's native prompt", "error");
      return undefined;
    }
    // Native too goes through the adapter: on hosts with sections it clears any forge-* section.
    const applied = this.adapter.applyComposition(event, result.composition);
    this.lastTurn = { event, result: applied };
    return applied;
  }

  /** Characters of the whole prompt of the last turn, or null before the first turn. */
  lastPromptChars(): number | null {
    if (this.lastTurn === null) return null;
    try {
      return effectivePrompt(this.lastTurn.event, this.lastTurn.result).length;
    } catch {
      return null;
    }
  }

  /** After a failure mid-composition: let the adapter restore the native prompt (it may have mutated options). */
  nativeAfterFailure(event: BeforeAgentStartEvent): undefined {
    try {
      this.adapter?.applyComposition(event, { kind: "native", reason: this.selection.error });
    } catch {
      // nothing more to undo
    }
    return undefined;
  }

  updateFooter(ctx: CtxPort, result?: ComposeResult): void {
    const r = result ?? this.compose(ctx);
    const state = this.selection.state;
    const keys = selectedKeys(state);
    if (keys.length === 0) return setFooter(ctx, r.fallbackReason === null ? undefined : "forge: native prompt (see /mode status)");
    const name = state?.preset ? `preset ${state.preset}` : keys.join("+") || "native";
    const badge = r.fallbackReason !== null ? (r.drift.length > 0 ? " [drift: blocked]" : " [native]") : r.drift.length > 0 ? " [drift]" : "";
    setFooter(ctx, `forge: ${name}${badge}`);
  }
}

/** What discovery depends on besides cwd: the scope files (stat only) and the host's trust answer. */
function fingerprintOf(paths: ScopePaths, hostTrust: boolean | null): string {
  return `${scopeFingerprint(paths)}|${String(hostTrust)}`;
}


/** PI_MODE_CONFIRM_EXACT=1 confirms any digest; a hex value confirms only digests starting with it. */
export function startupConfirmation(env: NodeJS.ProcessEnv): ExactConfirmation {
  const raw = env.PI_MODE_CONFIRM_EXACT?.trim();
  if (!raw || raw === "0") return { given: false };
  if (raw === "1" || raw.toLowerCase() === "true") return { given: true, digestPrefix: null };
  return { given: true, digestPrefix: raw.toLowerCase() };
}
