// One session of the extension: reads the session model (runtime/session-store.ts, the one fold of the branch) and wires
// the parts: scope loader, selection transitions, activation flow, preferences and turn composer. Commands get a read
// interface and three actions. What is not on the branch is the process's own: a refusal that forces Pi's native prompt,
// and which selection the preferences were last applied for.
import { summarizeDiagnostics } from "../core/diagnostics/summarize-skipped.js";
import type { Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, ComposeResult, Composition } from "../core/composition.js";
import { selectedKeys } from "../core/candidate.js";
import { MODE_STATE_TYPE } from "../core/mode-state-reducer.js";
import { activeLimits, type ActiveLimit } from "../core/pinned-limits.js";
import { createOffEntry, type ResolvedCandidate, type StateSource } from "../core/selection.js";
import type { SessionState } from "../core/session-state.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { PromptVars } from "../core/template.js";
import { createActivationFlow, type ActivationResult } from "./activation.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, PiPort } from "./host-adapter/ports.js";
import { createOnceTeller, describeError, say } from "./notify.js";
import { createPreferencesApplier } from "./preferences-applier.js";
import { pathRoot } from "./rule-sources.js";
import { createScopeLoader, type LoadedScopes } from "./scope-loader.js";
import type { SessionStore } from "./session-store.js";
import { planStartup, startupConfirmation, type ExactConfirmation } from "./selection-transitions.js";
import { resolveStartupSelection } from "./startup-request.js";
import { buildStatusReport, type StatusReport } from "./status-report.js";
import { createTurnComposer, type LeaveOut } from "./turn-composer.js";
import { rememberTexts } from "./pinned-texts.js";
import { createTrustWidget } from "./trust-widget.js";
import type { TextLookup } from "../core/drift-review.js";
import { migrateLegacySession } from "./legacy-migration.js";
import type { ActivePresetRef } from "./updates/index.js";

/** What commands read. Nothing here changes the selection; `scopes` re-reads the bundle files when they changed. */
export interface SessionView {
  /** The bundles (re-read when a file changed) and, for this event, ctx's session model. */
  scopes(ctx: CtxPort, force?: boolean): LoadedScopes;
  /** The catalog of the last read, for completions (which get no ctx). */
  catalog(): Catalog;
  /** Of the last read, the keys /mode edit|delete (modes) or /preset delete (presets) can change: never a built-in. */
  writable(kind: "modes" | "presets"): string[];
  /** The session model of ctx's branch (folded once per leaf). */
  session(ctx: CtxPort): SessionState;
  /** The selection of the session model last read (commands read it after scopes(ctx)), with a refusal forcing native. */
  selection(): Readonly<ActiveSelection>;
  /** The edit limits ctx's selection holds (pinned, in force also while forge falls back) and the root of their globs. */
  limits(ctx: CtxPort): { limits: ActiveLimit[]; root: string };
  vars(ctx: CtxPort): PromptVars;
  compose(ctx: CtxPort): ComposeResult;
  /** /mode status and preview: the report (scopes re-read) and the composition it describes. */
  status(ctx: CtxPort): { report: StatusReport; result: ComposeResult };
  lastPromptChars(): number | null;
  /** The template of the mode definition with `digest` when this process saw it (drift reviews diff against it). */
  pinnedText: TextLookup;
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
  /**
   * Composes the turn; first re-applies preferences when a selected component became unavailable (or available again).
   * `leaveOut` answers which drifted keys the user chose to send this prompt without (runtime/drift-hold.ts).
   */
  beforeAgentStart(event: BeforeAgentStartEvent, ctx: CtxPort, leaveOut?: LeaveOut): Promise<BeforeAgentStartResult | undefined>;
  nativeAfterFailure(event: BeforeAgentStartEvent): undefined;
  /** A handler failed: Pi's native prompt from now on, with the reason told as an error. */
  fail(ctx: CtxPort, what: string, error: unknown): void;
}

export interface SessionDeps {
  pi: PiPort;
  adapter: HostAdapter;
  env: NodeJS.ProcessEnv;
  builtinFile: string;
  /** The session's records (shared with the system-update feature). */
  records: SessionStore;
  /** Tools that stay on under an edit limit besides Pi's read-only built-ins (forge's own). */
  ownTools: readonly string[];
  now?: () => Date;
  os?: string;
}

/**
 * The offered keys whose source authoring can change: a global one, or one of the deepest project layer when it is
 * trusted (authoring writes only there: runtime/authoring/authoring-target.ts). Sorted.
 */
function writableKeys(loaded: LoadedScopes | null, kind: "modes" | "presets"): string[] {
  if (loaded === null) return [];
  const { projectRoot } = loaded.discovered.paths;
  const projectWritable = loaded.discovered.trust.trusted === true;
  const entries = [...(kind === "modes" ? loaded.catalog.modes.values() : loaded.catalog.presets.values())];
  return entries
    .filter((e) => e.scope === "global" || (e.scope === "project" && projectWritable && e.layer === projectRoot))
    .map((e) => e.key)
    .sort();
}

/** Which selection (and limits) the preferences were last applied for: a change re-applies them. */
function preferenceKey(offered: readonly string[], limits: readonly ActiveLimit[]): string {
  return `${offered.join(",")}|${limits.map((l) => `${l.mode}:${l.kind === "limit" ? (l.limit.bash ?? "") : "unknown"}`).join(",")}`;
}

export function createForgeSession(deps: SessionDeps): ForgeSession {
  const { pi, env, adapter, records } = deps;
  const now = deps.now ?? (() => new Date());
  const tell = createOnceTeller();
  /** A refusal (startup request, a failed handler) that composes Pi's native prompt until the next selection change. */
  let refusal: string | null = null;
  /**
   * The selection (offered keys and limits) preferences were last applied for. A component that becomes untrusted (a
   * rebuilt bundle on Pi 0.73.1) or vanishes is not composed, so its preferences (a tools restriction, a model) are
   * released exactly as /mode off would; they come back when it is offered again. Limits follow the pins instead.
   */
  let preferencesFor: string | null = null;

  // Every catalog loaded is remembered by digest, so a drift review can show what a pinned definition said.
  let lastLoaded: LoadedScopes | null = null;
  // "Not trusted" is a widget (gone once trusted) where the host has one, not a chat line that outlives the fix.
  const trust = createTrustWidget(tell);
  const { scopes, texts } = rememberTexts(
    createScopeLoader({ env, builtinFile: deps.builtinFile, adapter, tell: trust.teller }),
    () => Object.values(records.current().selection.state?.components ?? {}).map((c) => c?.digest ?? null),
    (loaded, ctx) => {
      lastLoaded = loaded;
      trust.show(ctx, loaded);
    },
  );
  const prefs = createPreferencesApplier(pi, deps.ownTools);
  const read = (ctx: CtxPort) => records.read(ctx);
  const selectionOf = (ctx: CtxPort): ActiveSelection => ({ state: read(ctx).selection.state, error: refusal });
  const limitsOf = (ctx: CtxPort, catalog = scopes.catalog()): ActiveLimit[] => activeLimits(read(ctx).selection.pins, catalog);
  const offeredKeys = (ctx: CtxPort, catalog: Catalog): string[] => selectedKeys(read(ctx).selection.state).filter((k) => catalog.modes.has(k));
  const keyOf = (ctx: CtxPort) => preferenceKey(offeredKeys(ctx, scopes.catalog()), limitsOf(ctx));
  const turns = createTurnComposer({ adapter, scopes, records, selection: selectionOf, tell, now, os: deps.os });
  const flow = createActivationFlow({
    pi,
    scopes,
    prefs,
    now,
    current: selectionOf,
    limits: (ctx) => limitsOf(ctx),
    settle: (ctx, error = null) => {
      refusal = error;
      read(ctx);
    },
    footer: turns.updateFooter,
  });

  function presetRef(composition: Composition, name: string | null | undefined): ActivePresetRef | null {
    if (composition.kind === "native" || !name) return null;
    const entry = scopes.catalog().presets.get(name);
    if (!entry) return null;
    return { key: entry.key, preset: entry.preset, scope: entry.scope, trusted: entry.scope !== "project" || scopes.projectTrusted(entry.layer), layer: entry.layer };
  }

  /** Startup only: a refused request keeps the replayed state but composes natively, and says why. */
  function refuseStartup(ctx: CtxPort, error: string): void {
    refusal = error;
    tell.tell(ctx, error, "error");
  }

  /** The replay's malformed-entry summary, told once and shown by /mode status. */
  const replaySummary = (session: SessionState) => summarizeDiagnostics(session.selection.diagnostics, "malformed forge-mode-state entries skipped", "/mode status --json");

  return {
    // The parts' functions are closures (no `this`): handed out as they are.
    scopes(ctx, force) {
      read(ctx);
      return scopes.refresh(ctx, force);
    },
    catalog: scopes.catalog,
    writable: (kind) => writableKeys(lastLoaded, kind),
    session: read,
    selection: () => ({ state: records.current().selection.state, error: refusal }),
    limits(ctx) {
      // Most calls hold no selection: nothing to check, and no scope read.
      if (read(ctx).selection.pins.length === 0) return { limits: [], root: ctx.cwd };
      const loaded = scopes.refresh(ctx);
      return { limits: limitsOf(ctx, loaded.catalog), root: pathRoot(loaded, ctx) };
    },
    vars: turns.vars,
    compose: turns.compose,
    lastPromptChars: turns.lastPromptChars,
    pinnedText: texts.textOf,
    presetRef,
    activePreset: (ctx) => presetRef(turns.compose(ctx).composition, read(ctx).selection.state?.preset),
    async beforeAgentStart(event, ctx, leaveOut) {
      const { catalog } = scopes.refresh(ctx);
      const limits = limitsOf(ctx, catalog);
      const key = preferenceKey(offeredKeys(ctx, catalog), limits);
      if (preferencesFor !== null && preferencesFor !== key) await prefs.follow(ctx, catalog, offeredKeys(ctx, catalog), limits);
      // A tool a limit turns off that is on again (another extension switched it back) goes off before the request.
      else if (prefs.blocked(limits)) prefs.enforce(ctx, limits);
      preferencesFor = key;
      return turns.beforeAgentStart(event, ctx, leaveOut);
    },
    nativeAfterFailure: (event) => turns.nativeAfterFailure(event, refusal),

    status(ctx) {
      const loaded = scopes.refresh(ctx);
      const session = read(ctx);
      const result = turns.compose(ctx);
      const summary = replaySummary(session);
      const notices = [...loaded.discovered.notices, ...(summary === null ? [] : [summary])];
      const report = buildStatusReport(loaded.catalog, loaded.discovered, selectionOf(ctx), result, notices, session.selection.diagnostics, limitsOf(ctx, loaded.catalog));
      return { report, result };
    },

    async activate(ctx, candidate, source, confirmation) {
      const result = await flow.activate(ctx, { candidate, source, confirmation, base: read(ctx).selection.state, canAsk: ctx.hasUI });
      preferencesFor = keyOf(ctx);
      return result;
    },
    async deactivate(ctx) {
      const message = await flow.deactivate(ctx);
      preferencesFor = keyOf(ctx);
      return message;
    },
    async commit(...args) {
      const result = await flow.commit(...args);
      preferencesFor = keyOf(args[0]);
      return result;
    },

    fail(ctx, what, error) {
      refusal = `forge: ${what} failed (${describeError(error)}); using Pi's native prompt`;
      say(ctx, refusal, "error");
    },

    async rederive(ctx, applyStartup, followPreferences = false) {
      const before = selectedKeys(records.current().selection.state).join(",");
      records.reset();
      const { catalog } = scopes.refresh(ctx, true);
      const session = read(ctx);
      const summary = replaySummary(session);
      if (summary !== null) tell.tell(ctx, summary);
      refusal = null;
      const replayed = selectedKeys(session.selection.state);
      if (followPreferences && before !== replayed.join(",")) await prefs.follow(ctx, catalog, replayed, limitsOf(ctx, catalog));
      // A pi-modes selection newer than every forge entry migrates once (the entry appended makes it history).
      await migrateLegacySession(ctx, {
        catalog,
        branch: session.branch,
        tell,
        activate: (candidate) => flow.activate(ctx, { candidate, source: "migrate", confirmation: startupConfirmation(env), base: null, canAsk: false }),
        freeze: (reason) => {
          const off: ForgeModeStateEntry = { ...createOffEntry(catalog, now()), source: "migrate" };
          pi.appendEntry(MODE_STATE_TYPE, off);
          refusal = reason;
          read(ctx);
        },
      });
      const current = read(ctx).selection.state;
      if (applyStartup) {
        const plan = planStartup(catalog, current, resolveStartupSelection(env, { mode: pi.getFlag("mode"), preset: pi.getFlag("preset") }));
        if (plan.kind === "refused") refuseStartup(ctx, plan.error);
        else if (plan.kind === "activate") {
          const request = { candidate: plan.candidate, source: plan.source, confirmation: startupConfirmation(env), base: current, canAsk: false };
          const result = await flow.activate(ctx, request);
          if (!result.ok) refuseStartup(ctx, `forge: ${plan.origin} refused: ${result.message}; using Pi's native prompt`);
        }
      }
      // The limits the branch holds turn bash (and tools not known to be read-only) off before the first run: a resumed
      // session starts with Pi's own tools.
      const limits = limitsOf(ctx);
      if (prefs.blocked(limits)) prefs.enforce(ctx, limits);
      preferencesFor = keyOf(ctx);
      turns.updateFooter(ctx);
    },
  };
}
