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
import { activeLimits, toolAllowedUnder, type ActiveLimit } from "../core/pinned-limits.js";
import { toolFactsOf } from "./host-adapter/tool-host.js";
import { createOffEntry } from "../core/selection.js";
import type { SessionState } from "../core/session-state.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import { createActivationFlow } from "./activation.js";
import type { CtxPort } from "./host-adapter/ports.js";
import { createOnceTeller, describeError, say } from "./notify.js";
import { createPreferencesApplier, UNRESTRICTED, type DeclaredToolPolicy } from "./preferences-applier.js";
import { withTeamPolicy } from "./tool-policy.js";
import { createSessionPolicy } from "./session-policy.js";
import { createSessionTools } from "./session-tools.js";
import { gateNoticeText } from "../core/tool-report.js";
import { pathRoot } from "./rule-sources.js";
import { createScopeLoader, type LoadedScopes } from "./scope-loader.js";
import { writableKeys } from "./authoring/authoring-target.js";
import { planStartup, startupConfirmation } from "./selection-transitions.js";
import { resolveStartupSelection } from "./startup-request.js";
import { buildStatusReport } from "./status-report.js";
import { createTurnComposer } from "./turn-composer.js";
import { rememberTexts } from "./pinned-texts.js";
import { createTrustWidget } from "./trust-widget.js";
import { migrateLegacySession } from "./legacy-migration.js";
import type { ActivePresetRef } from "./updates/index.js";
import type { ForgeSession, SessionDeps } from "./forge-session-types.js";
import { createPolicyLoader } from "./policy-loader.js";
import { policyRefusal } from "./policy-selection.js";
import { resolveAgentDir } from "./scope-discovery.js";
export type { ForgeSession, SelectionActions, SessionCommands, SessionDeps, SessionView } from "./forge-session-types.js";

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
  // The team policy: re-read when its files change, held by the gate for each turn (runtime/policy-loader.ts).
  const policies = createPolicyLoader(() => ({ env, agentDir: resolveAgentDir(env), extensionFile: deps.extensionFile }));
  const { scopes, texts } = rememberTexts(
    createScopeLoader({ env, builtinFile: deps.builtinFile, adapter, tell: trust.teller, policies }),
    () => Object.values(records.current().selection.state?.components ?? {}).map((c) => c?.digest ?? null),
    (loaded, ctx) => {
      lastLoaded = loaded;
      trust.show(ctx, loaded);
    },
  );
  // /mode off gives Pi's tools back within the team policy: a tool it denies is never declared.
  const prefs = createPreferencesApplier(pi, () => withTeamPolicy(UNRESTRICTED, teamPolicy.toolFilter()));
  const read = (ctx: CtxPort) => records.read(ctx);
  const selectionOf = (ctx: CtxPort): ActiveSelection => ({ state: read(ctx).selection.state, error: refusal });
  const limitsOf = (ctx: CtxPort, catalog = scopes.catalog()): ActiveLimit[] => activeLimits(read(ctx).selection.pins, catalog);
  const selectionTools = createSessionTools({ pi, scopes, read, limits: (ctx, catalog) => limitsOf(ctx, catalog), ownTools: deps.ownTools, tell });
  const teamPolicy = createSessionPolicy({ pi, scopes, lastLoaded: () => lastLoaded, read, ownTools: deps.ownTools, now });
  // Tools the team policy denies are never declared (and none but read-only ones while it fails to verify).
  const toolPolicyOf = (ctx: CtxPort, catalog?: Catalog): DeclaredToolPolicy => withTeamPolicy(selectionTools.policy(ctx, catalog), teamPolicy.toolFilter());
  const offeredKeys = (ctx: CtxPort, catalog: Catalog): string[] => selectedKeys(read(ctx).selection.state).filter((k) => catalog.modes.has(k));
  const keyOf = (ctx: CtxPort) => preferenceKey(offeredKeys(ctx, scopes.catalog()), limitsOf(ctx));
  // A rebuilt bundle redraws the footer's badge between turns (the real extension; unit tests drive turns themselves).
  const watch = deps.watchFooter === true ? createFooterWatch((ctx) => (scopes.refresh(ctx), turns.updateFooter(ctx))) : undefined;
  const turns = createTurnComposer({
    adapter,
    scopes,
    records,
    selection: selectionOf,
    tell,
    now,
    os: deps.os,
    policy: (ctx) => ({ state: scopes.policy(), refusal: lastLoaded === null ? null : policyRefusal(lastLoaded, selectionOf(ctx).state) }),
    ...(watch ? { watch } : {}),
  });
  const flow = createActivationFlow({
    pi,
    scopes,
    prefs,
    now,
    current: selectionOf,
    tools: (ctx) => toolPolicyOf(ctx),
    limits: (ctx) => {
      const inForce = limitsOf(ctx);
      return { inForce, allows: (tool) => toolAllowedUnder(inForce, tool, deps.ownTools, toolFactsOf(pi, tool)) };
    },
    settle: (ctx, error = null) => {
      refusal = error;
      read(ctx);
      selectionTools.syncServers(ctx);
      deps.afterSelection?.(ctx);
    },
    footer: turns.updateFooter,
    policyRefusal: (ctx, candidate) => policyRefusal(scopes.refresh(ctx), candidate),
  });

  function presetRef(composition: Composition, name: string | null | undefined): ActivePresetRef | null {
    // Pi's native prompt plus only the policy's overlays: the selection (and its preset's blocks) is not on.
    if (composition.kind === "native" || composition.policyOnly || !name) return null;
    const entry = scopes.catalog().presets.get(name);
    if (!entry) return null;
    // systemUpdates.modelCallable: false: every block is the user's alone to switch on (the agent tool never appears).
    const policy = scopes.policy();
    const preset =
      policy.kind === "ok" && policy.policy.modelCallableOff !== null
        ? { ...entry.preset, systemUpdates: entry.preset.systemUpdates.map((b) => ({ ...b, modelCallable: false })) }
        : entry.preset;
    return {
      key: entry.key,
      preset,
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
    policyInForce: teamPolicy.inForce,
    limits(ctx) {
      // Most calls hold no selection: nothing to check, and no scope read.
      if (read(ctx).selection.pins.length === 0) return { limits: [], root: ctx.cwd };
      const loaded = scopes.refresh(ctx);
      return { limits: limitsOf(ctx, loaded.catalog), root: pathRoot(loaded, ctx) };
    },
    toolSets(ctx) {
      // Most calls hold no selection: no scope read (the servers forge stopped are still refused).
      return selectionTools.sets(ctx, read(ctx).selection.pins.length === 0 ? scopes.catalog() : scopes.refresh(ctx).catalog);
    },
    toolDelivery: (ctx) => selectionTools.delivery(ctx),
    gateNotice(ctx) {
      const { catalog } = scopes.refresh(ctx);
      if (selectionTools.delivery(ctx, catalog) !== "gate") return null;
      return gateNoticeText(selectionTools.sets(ctx, catalog), limitsOf(ctx, catalog));
    },
    declaredTools(ctx) {
      // With no selection too: the team policy's tool filter holds whatever is selected.
      if (read(ctx).selection.pins.length === 0 && teamPolicy.toolFilter() === null) return () => true;
      const policy = toolPolicyOf(ctx, scopes.refresh(ctx).catalog);
      return policy.restricts ? policy.allowed : () => true;
    },
    reapplyTools(ctx) {
      const unselected = read(ctx).selection.pins.length === 0 && teamPolicy.toolFilter() === null;
      const policy = unselected ? UNRESTRICTED : toolPolicyOf(ctx, scopes.refresh(ctx).catalog);
      if (prefs.blocked(policy)) prefs.enforce(ctx, policy);
      return policy.restricts ? pi.getActiveTools() : null;
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
      const tools = toolPolicyOf(ctx, catalog);
      if (preferencesFor !== null && preferencesFor !== key) await prefs.follow(ctx, catalog, offeredKeys(ctx, catalog), tools);
      // A tool outside the selection's tools that is on again (an MCP server connected, another extension switched it
      // back) goes off before the request.
      else if (prefs.blocked(tools)) prefs.enforce(ctx, tools);
      preferencesFor = key;
      selectionTools.syncServers(ctx);
      const result = turns.beforeAgentStart(event, ctx, leaveOut);
      teamPolicy.record(ctx);
      return result;
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
        selectionTools.status(ctx, loaded.catalog),
        loaded.policy,
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
      if (followPreferences && before !== replayed.join(",")) await prefs.follow(ctx, catalog, replayed, toolPolicyOf(ctx, catalog));
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
      // The tool sets and limits the branch holds narrow the declared tools before the first run: a resumed session
      // starts with Pi's own tools.
      const tools = toolPolicyOf(ctx);
      if (prefs.blocked(tools)) prefs.enforce(ctx, tools);
      selectionTools.syncServers(ctx);
      deps.afterSelection?.(ctx);
      preferencesFor = keyOf(ctx);
      turns.updateFooter(ctx);
    },
  };
}
