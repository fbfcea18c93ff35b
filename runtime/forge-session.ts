// One session of the extension: owns the active selection (private) and wires the parts: scope loader, selection
// transitions, activation flow, preferences and turn composer. Commands get a read interface and two actions.
import { summarizeDiagnostics } from "../core/diagnostics/summarize-skipped.js";
import type { Diagnostic } from "../core/diagnostic.js";
import type { Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, ComposeResult, Composition } from "../core/composition.js";
import { selectedKeys } from "../core/candidate.js";
import { MODE_STATE_TYPE, reduceBranch } from "../core/mode-state-reducer.js";
import { createOffEntry, type ResolvedCandidate, type StateSource } from "../core/selection.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { PromptVars } from "../core/template.js";
import { createActivationFlow, type ActivationResult } from "./activation.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, PiPort } from "./host-adapter/ports.js";
import { createOnceTeller, describeError, say } from "./notify.js";
import { createPreferencesApplier } from "./preferences-applier.js";
import { createScopeLoader, type LoadedScopes } from "./scope-loader.js";
import { planStartup, startupConfirmation, type ExactConfirmation } from "./selection-transitions.js";
import { resolveStartupSelection } from "./startup-request.js";
import { buildStatusReport, type StatusReport } from "./status-report.js";
import { createTurnComposer } from "./turn-composer.js";
import { migrateLegacySession } from "./legacy-migration.js";
import type { ActivePresetRef } from "./updates/index.js";

/** What commands read. Nothing here changes the selection; `scopes` re-reads the bundle files when they changed. */
export interface SessionView {
  scopes(ctx: CtxPort, force?: boolean): LoadedScopes;
  /** The catalog of the last read, for completions (which get no ctx). */
  catalog(): Catalog;
  selection(): Readonly<ActiveSelection>;
  vars(ctx: CtxPort): PromptVars;
  compose(ctx: CtxPort): ComposeResult;
  /** /mode status and preview: the report (scopes re-read) and the composition it describes. */
  status(ctx: CtxPort): { report: StatusReport; result: ComposeResult };
  lastPromptChars(): number | null;
  /** The preset `name` as system updates see it under `composition`: none while native; project blocks only when trusted. */
  presetRef(composition: Composition, name: string | null | undefined): ActivePresetRef | null;
  /** The active preset as system updates see it. */
  activePreset(ctx: CtxPort): ActivePresetRef | null;
}

/** The ways a command changes the selection. */
export interface SelectionActions {
  activate(ctx: CtxPort, candidate: ResolvedCandidate, source: StateSource, confirmation: ExactConfirmation): Promise<ActivationResult>;
  deactivate(ctx: CtxPort): Promise<string>;
  /** Appends an entry as it is, pins kept (the remainder after /mode delete of an active mode). */
  commit(ctx: CtxPort, entry: ForgeModeStateEntry): Promise<void>;
}

export type SessionCommands = SessionView & SelectionActions;

export interface ForgeSession extends SessionCommands {
  /**
   * session_start / session_tree: replay the active branch, then apply an explicit startup request.
   * `followPreferences` (/tree): Pi keeps the model across navigation, so the replayed selection's
   * preferences are applied (or the pre-forge values restored) when the selection changed.
   */
  rederive(ctx: CtxPort, applyStartup: boolean, followPreferences?: boolean): Promise<void>;
  /** Composes the turn; first re-applies preferences when a selected component became unavailable (or available again). */
  beforeAgentStart(event: BeforeAgentStartEvent, ctx: CtxPort): Promise<BeforeAgentStartResult | undefined>;
  nativeAfterFailure(event: BeforeAgentStartEvent): undefined;
  /** A handler failed: Pi's native prompt from now on, with the reason told as an error. */
  fail(ctx: CtxPort, what: string, error: unknown): void;
}

export interface SessionDeps {
  pi: PiPort;
  adapter: HostAdapter;
  env: NodeJS.ProcessEnv;
  builtinFile: string;
  now?: () => Date;
  os?: string;
}

export function createForgeSession(deps: SessionDeps): ForgeSession {
  const { pi, env, adapter } = deps;
  const now = deps.now ?? (() => new Date());
  const tell = createOnceTeller();
  let selection: ActiveSelection = { state: null, error: null };
  /** Replay diagnostics of the active branch (malformed state entries), shown by /mode status. */
  let replayNotices: string[] = [];
  /** Every skipped entry of the active branch, for /mode status --json (the notice only counts them). */
  let replaySkipped: readonly Diagnostic[] = [];
  /**
   * The selected keys some trusted bundle offered when preferences were last applied. A component that becomes
   * untrusted (a rebuilt bundle on Pi 0.73.1) or vanishes is not composed, so its preferences (a tools restriction,
   * a model) are released exactly as /mode off would; they come back when it is offered again.
   */
  let preferencesFor: string | null = null;
  const offeredKeys = (catalog: Catalog): string[] => selectedKeys(selection.state).filter((k) => catalog.modes.has(k));

  const scopes = createScopeLoader({ env, builtinFile: deps.builtinFile, adapter, tell });
  const prefs = createPreferencesApplier(pi);
  const turns = createTurnComposer({ adapter, scopes, selection: () => selection, tell, now, os: deps.os });
  const flow = createActivationFlow({
    pi,
    scopes,
    prefs,
    now,
    current: () => selection,
    select: (next) => void (selection = next),
    footer: turns.updateFooter,
  });

  function presetRef(composition: Composition, name: string | null | undefined): ActivePresetRef | null {
    if (composition.kind === "native" || !name) return null;
    const entry = scopes.catalog().presets.get(name);
    if (!entry) return null;
    return { key: entry.key, preset: entry.preset, scope: entry.scope, trusted: entry.scope !== "project" || scopes.projectTrusted(entry.layer), layer: entry.layer };
  }

  /** Startup only: a refused request keeps the replayed state but composes natively, and says why. */
  function refuseStartup(ctx: CtxPort, state: ActiveSelection["state"], error: string): void {
    selection = { state, error };
    tell.tell(ctx, error, "error");
  }

  return {
    // The parts' functions are closures (no `this`): handed out as they are.
    scopes: scopes.refresh,
    catalog: scopes.catalog,
    selection: () => selection,
    vars: turns.vars,
    compose: turns.compose,
    lastPromptChars: turns.lastPromptChars,
    presetRef,
    activePreset: (ctx) => presetRef(turns.compose(ctx).composition, selection.state?.preset),
    async beforeAgentStart(event, ctx) {
      const { catalog } = scopes.refresh(ctx);
      const offered = offeredKeys(catalog);
      if (preferencesFor !== null && preferencesFor !== offered.join(",")) await prefs.follow(ctx, catalog, offered);
      preferencesFor = offered.join(",");
      return turns.beforeAgentStart(event, ctx);
    },
    nativeAfterFailure: turns.nativeAfterFailure,

    status(ctx) {
      const loaded = scopes.refresh(ctx);
      const result = turns.compose(ctx);
      const report = buildStatusReport(loaded.catalog, loaded.discovered, selection, result, [...loaded.discovered.notices, ...replayNotices], replaySkipped);
      return { report, result };
    },

    async activate(ctx, candidate, source, confirmation) {
      const result = await flow.activate(ctx, { candidate, source, confirmation, base: selection.state, canAsk: ctx.hasUI });
      preferencesFor = offeredKeys(scopes.catalog()).join(",");
      return result;
    },
    async deactivate(ctx) {
      const message = await flow.deactivate(ctx);
      preferencesFor = "";
      return message;
    },
    async commit(...args) {
      const result = await flow.commit(...args);
      preferencesFor = offeredKeys(scopes.catalog()).join(",");
      return result;
    },

    fail(ctx, what, error) {
      selection = { state: selection.state, error: `forge: ${what} failed (${describeError(error)}); using Pi's native prompt` };
      say(ctx, selection.error!, "error");
    },

    async rederive(ctx, applyStartup, followPreferences = false) {
      const { catalog } = scopes.refresh(ctx, true);
      const before = selectedKeys(selection.state).join(",");
      const branch = ctx.sessionManager.getBranch();
      const replay = reduceBranch(branch);
      replaySkipped = replay.diagnostics;
      const summary = summarizeDiagnostics(replay.diagnostics, "malformed forge-mode-state entries skipped", "/mode status --json");
      replayNotices = summary === null ? [] : [summary];
      if (summary !== null) tell.tell(ctx, summary);
      selection = { state: replay.state, error: null };
      const replayed = selectedKeys(replay.state);
      if (followPreferences && before !== replayed.join(",")) await prefs.follow(ctx, catalog, replayed);
      // A pi-modes selection newer than every forge entry migrates once (the entry appended makes it history).
      await migrateLegacySession(ctx, {
        catalog,
        branch,
        tell,
        activate: (candidate) => flow.activate(ctx, { candidate, source: "migrate", confirmation: startupConfirmation(env), base: null, canAsk: false }),
        freeze: (reason) => {
          const off: ForgeModeStateEntry = { ...createOffEntry(catalog, now()), source: "migrate" };
          pi.appendEntry(MODE_STATE_TYPE, off);
          selection = { state: off, error: reason };
        },
      });
      const current = selection.state;
      if (applyStartup) {
        const plan = planStartup(catalog, current, resolveStartupSelection(env, { mode: pi.getFlag("mode"), preset: pi.getFlag("preset") }));
        if (plan.kind === "refused") refuseStartup(ctx, current, plan.error);
        else if (plan.kind === "activate") {
          const request = { candidate: plan.candidate, source: plan.source, confirmation: startupConfirmation(env), base: current, canAsk: false };
          const result = await flow.activate(ctx, request);
          if (!result.ok) refuseStartup(ctx, current, `forge: ${plan.origin} refused: ${result.message}; using Pi's native prompt`);
        }
      }
      preferencesFor = offeredKeys(scopes.catalog()).join(",");
      turns.updateFooter(ctx);
    },
  };
}
