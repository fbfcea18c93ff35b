// One session of the extension: reads the session model (runtime/session-store.ts, the one fold of the branch) and wires
// the parts: scope loader, selection transitions, activation flow, preferences and turn composer. Commands get a read
// interface and three actions. What is not on the branch is the process's own: a refusal that forces Pi's native prompt,
// and which selection the preferences were last applied for.
import { createFooterWatch } from "./footer-watch.js";
import { summarizeDiagnostics } from "../core/diagnostics/summarize-skipped.js";
import type { Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, Composition } from "../core/composition.js";
import { selectedKeys } from "../core/candidate.js";
import { MODE_STATE_TYPE } from "../core/mode-state-reducer.js";
import { activeLimits, type ActiveLimit } from "../core/pinned-limits.js";
import { createOffEntry } from "../core/selection.js";
import type { SessionState } from "../core/session-state.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import { createActivationFlow } from "./activation.js";
import type { CtxPort } from "./host-adapter/ports.js";
import { createOnceTeller, describeError, say } from "./notify.js";
import { createPreferencesApplier } from "./preferences-applier.js";
import { pathRoot } from "./rule-sources.js";
import { createScopeLoader, type LoadedScopes } from "./scope-loader.js";
import { planStartup, startupConfirmation } from "./selection-transitions.js";
import { resolveStartupSelection } from "./startup-request.js";
import { buildStatusReport } from "./status-report.js";
import { createTurnComposer } from "./turn-composer.js";
import { rememberTexts } from "./pinned-texts.js";
import { createTrustWidget } from "./trust-widget.js";
import { migrateLegacySession } from "./legacy-migration.js";
import type { ActivePresetRef } from "./updates/index.js";
import type { ForgeSession, SessionDeps } from "./forge-session-types.js";
export type { ForgeSession, SelectionActions, SessionCommands, SessionDeps, SessionView } from "./forge-session-types.js";

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
  // A rebuilt bundle redraws the footer's badge between turns (the real extension; unit tests drive turns themselves).
  const watch = deps.watchFooter === true ? createFooterWatch((ctx) => (scopes.refresh(ctx), turns.updateFooter(ctx))) : undefined;
  const turns = createTurnComposer({ adapter, scopes, records, selection: selectionOf, tell, now, os: deps.os, ...(watch ? { watch } : {}) });
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
    return {
      key: entry.key,
      preset: entry.preset,
      scope: entry.scope,
      trusted: entry.scope !== "project" || scopes.projectTrusted(entry.layer),
      layer: entry.layer,
    };
  }

  /** Startup only: a refused request keeps the replayed state but composes natively, and says why. */
  function refuseStartup(ctx: CtxPort, error: string): void {
    refusal = error;
    tell.tell(ctx, error, "error");
  }

  /** The replay's malformed-entry summary, told once and shown by /mode status. */
  const replaySummary = (session: SessionState) =>
    summarizeDiagnostics(session.selection.diagnostics, "malformed forge-mode-state entries skipped", "/mode status --json");

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
      const report = buildStatusReport(
        loaded.catalog,
        loaded.discovered,
        selectionOf(ctx),
        result,
        notices,
        session.selection.diagnostics,
        limitsOf(ctx, loaded.catalog),
      );
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
