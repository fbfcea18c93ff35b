// The shapes of one session of the extension (runtime/forge-session.ts builds it): what commands read, the actions that
// change the selection, the handlers' entry points, and what the session is built from.
import type { Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, ComposeResult, Composition } from "../core/composition.js";
import type { ActiveLimit } from "../core/pinned-limits.js";
import type { ActiveToolSet } from "../core/tool-sets.js";
import type { ResolvedCandidate, StateSource } from "../core/selection.js";
import type { SessionState } from "../core/session-state.js";
import type { ForgeModeStateEntry, ToolDelivery } from "../generated/types.js";
import type { PromptVars } from "../core/template.js";
import type { TextLookup } from "../core/drift-review.js";
import type { ActivationResult } from "./activation.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, PiPort } from "./host-adapter/ports.js";
import type { LoadedScopes } from "./scope-loader.js";
import type { SessionStore } from "./session-store.js";
import type { ExactConfirmation } from "./selection-transitions.js";
import type { StatusReport } from "./status-report.js";
import type { LeaveOut } from "./turn-composer.js";
import type { ActivePresetRef } from "./updates/index.js";
import type { PolicyInForce } from "./policy-gate.js";

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
  /** The team policy the current turn runs under (the tool gate's first step), and the root of its globs. */
  policyInForce(ctx: CtxPort): PolicyInForce;
  /** The edit limits ctx's selection holds (pinned, in force also while forge falls back) and the root of their globs. */
  limits(ctx: CtxPort): { limits: ActiveLimit[]; root: string };
  /** The tool sets ctx's selection holds (pinned, like the limits): the gate refuses every tool outside one. */
  toolSets(ctx: CtxPort): readonly ActiveToolSet[];
  /** How the selection's tools reach the model: declared (narrowed) or gate (told as a system update). */
  toolDelivery(ctx: CtxPort): ToolDelivery;
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
  /**
   * The declared set re-applied (a tool Pi or an extension added since is switched off again): the tools now declared
   * when the selection narrows them, null when Pi's own tools stand.
   */
  reapplyTools(ctx: CtxPort): string[] | null;
  /** toolDelivery: gate: what the model is told of the tools it may call (null: not gated, or nothing restricted). */
  gateNotice(ctx: CtxPort): string | null;
  /** Whether a tool may be declared to the model now (every tool set and limit lets it run; always, under gate delivery). */
  declaredTools(ctx: CtxPort): (tool: string) => boolean;
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
  /** After every selection change (and replay): the system-update feature's tools note follows it. */
  afterSelection?(ctx: CtxPort): void;
  /** The running extension's file: a team policy package is also looked up beside it. */
  extensionFile?: string;
  now?: () => Date;
  os?: string;
  /** Redraw the footer when a scope file changes between turns (runtime/footer-watch.ts). */
  watchFooter?: boolean;
}
