// The studio's view of the sources: reads and compiles them in memory (never writes), keeps the last good state while
// an edit is broken, and answers the page's questions (state, compose, source text, diff) from it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildLayeredCatalog, type Catalog } from "../../../core/component-catalog.js";
import { hasErrors, type Diagnostic } from "../../../core/diagnostic.js";
import { buildPromptVars } from "../../../core/template.js";
import { createIncrementalCompiler } from "../../incremental-compile.js";
import { catalogSourcesFor, readCompileContext } from "../../io/compile-context.js";
import { describeFailure } from "../../io/describe-failure.js";
import { describeOuterLayer } from "../../io/outer-layers.js";
import { agentDir, forgeVersion, type BuiltinBundleResult, type ForgeTarget } from "../../io/forge-target.js";
import { BUNDLE_FILE } from "../../io/read-sources.js";
import { readTargetTree } from "../../io/read-target-tree.js";
import { readLibraries } from "../../io/read-libraries.js";
import { sourceLookup, type SourceLookup } from "../../output/format-diagnostics.js";
import { readBundleText } from "../../review/read-bundle.js";
import { composeView } from "../model/compose-view.js";
import { diagnosticViews } from "../model/diagnostic-views.js";
import { buildLibrary, type LibraryLayer } from "../model/library-view.js";
import type { ComposeData, DiagnosticView, HostKind, LibraryData, LiveEvent, SourceData, StateData } from "../model/studio-api.js";
import { sourceLinks, type SourceLinks } from "./source-links.js";
import { readTrustView } from "../../io/trust-view.js";
import { configuredSignedBy } from "../../phases/config-settings.js";
import { describeTrustView, type TrustView } from "../../review/trust-view.js";
import type { TokensOf } from "../../review/explain-tokens.js";
import { tokensOfSources } from "../../io/inspect-sources.js";
import { readPolicyArg, readPolicyInput } from "../../io/read-policy.js";
import { explainPolicy } from "../../review/explain-policy.js";
import type { PolicyInput } from "../../types.js";

/** The last state whose sources compiled: what every view shows while an edit is broken. */
interface GoodState {
  catalog: Catalog;
  library: LibraryData;
  trust: TrustView;
  links: SourceLinks;
  /** The token counts of the bundle each component came from. */
  tokensOf: TokensOf;
  /** The team policy the sources are checked against (expectPolicy or --policy), undefined: none. */
  policy: PolicyInput | undefined;
  at: string;
}

/** The latest read of the sources, good or not. */
interface Checked {
  status: StateData["status"];
  message: string | null;
  diagnostics: Diagnostic[];
  views: DiagnosticView[];
  getSource: SourceLookup;
  at: string;
}

export interface StudioSources {
  /** Re-reads and recompiles; returns the new generation. */
  refresh(): number;
  generation(): number;
  state(): StateData;
  compose(names: string[], host: HostKind, as?: "preset" | "modes"): ComposeData;
  source(file: string): SourceData | null;
}

const MAX_EVENTS = 50;

function summarize(diagnostics: readonly Diagnostic[]): string {
  const n = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  return `${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info`;
}

/** The global bundle, listed beside a project's own (the runtime offers it too); absent or unreadable: not listed. */
function globalLayer(env: NodeJS.ProcessEnv): LibraryLayer | null {
  const path = join(agentDir(env), "forge", BUNDLE_FILE);
  if (!existsSync(path)) return null;
  try {
    const read = readBundleText(readFileSync(path, "utf8"), path);
    return read.ok && read.bundle.scope === "global" ? { scope: "global", layer: null, origin: path, bundle: read.bundle, notes: read.notes } : null;
  } catch {
    return null;
  }
}

/** `policyArg`: `forge studio --policy`, else forge.yaml's expectPolicy names the team policy shown as its own layer. */
export function studioSources(target: ForgeTarget, env: NodeJS.ProcessEnv, builtin: BuiltinBundleResult, policyArg?: string): StudioSources {
  let generation = 0;
  let good: GoodState | null = null;
  let checked: Checked | null = null;
  const events: LiveEvent[] = [];
  // Each save recompiles what it reaches, reusing the rest from the compile before (compiler/incremental-compile.ts).
  const compiler = createIncrementalCompiler();
  const sampleVars = () => buildPromptVars({ cwd: target.root, now: new Date(), os: process.platform, preset: null });

  const record = (status: LiveEvent["status"], summary: string, at: string): void => {
    events.push({ at, generation, status, summary });
    if (events.length > MAX_EVENTS) events.shift();
  };

  function rebuild(at: string): void {
    let tree;
    try {
      tree = readTargetTree(target);
    } catch (err) {
      // A file removed mid-read: keep everything as it was and say why.
      const message = describeFailure(err);
      checked = { status: "failed", message, diagnostics: [], views: [], getSource: checked?.getSource ?? (() => undefined), at };
      record("failed", message, at);
      return;
    }
    const getSource = sourceLookup(tree.files);
    // Linked as `forge build` links them: the built-in bundle and, in a monorepo package, the layers above.
    const context = readCompileContext(target, builtin);
    const libraries = target.scope === "builtin" ? [] : readLibraries(target.root, tree);
    // The team policy, checked live like forge build checks it (its violations are diagnostics at their lines).
    const policy =
      target.scope === "builtin"
        ? undefined
        : policyArg !== undefined
          ? readPolicyArg(policyArg, target.root, target.cwd)
          : readPolicyInput(target, tree, undefined, target.cwd);
    const options = { scope: target.scope, forgeVersion, ...context.link, libraries };
    const result = compiler.compile(tree, policy ? { ...options, policy } : options);
    const views = diagnosticViews(result.diagnostics, target.displayForgeRoot, getSource);
    // Sources that break only the team policy still load in Pi, which refuses what each violation reaches: the views
    // show them (compiled without the policy), each violation at its line and each refused selection in Compose.
    const onlyPolicy =
      policy !== undefined && result.bundle === null && result.diagnostics.every((d) => d.severity !== "error" || d.code.startsWith("policy_"));
    const bundle = onlyPolicy ? compiler.compile(tree, options).bundle : result.bundle;
    const broken = hasErrors(result.diagnostics) || result.bundle === null;
    checked = { status: broken ? "errors" : "ok", message: null, diagnostics: result.diagnostics, views, getSource, at };
    if (bundle === null) {
      record("errors", `${summarize(result.diagnostics)}; ${good ? "showing the last good state" : "nothing to show yet"}`, at);
      return;
    }
    const own = bundle;
    const ownLayer = target.scope === "project" ? target.root : null;
    const global = target.scope === "project" ? globalLayer(env) : null;
    // The library lists exactly the layers the catalog is built from, in the same order, each with where it came from.
    const sources = catalogSourcesFor(target, context, own, global?.bundle ?? null);
    const layers = sources.map(({ scope, layer, bundle }, index): LibraryLayer => {
      // catalogSourcesFor puts the target's own bundle last. A layer above that could not be used is named on it:
      // its modes are missing from this view.
      if (index === sources.length - 1)
        return { scope, layer, bundle, origin: `${target.displayForgeRoot} (sources, compiled in memory)`, notes: [...context.outerWarnings] };
      if (scope === "builtin") return { scope, layer, bundle, origin: "the built-in library (forge package)", notes: [] };
      if (scope === "global" && global) return global;
      return { scope, layer, bundle, origin: `${describeOuterLayer(target.cwd, layer!)} (its bundle.json)`, notes: [] };
    });
    const catalog = buildLayeredCatalog(sources);
    const versions = new Map((own.lock ?? []).map((l) => [l.name, l.version] as const));
    const links = sourceLinks(target, getSource, join(agentDir(env), "forge"), versions);
    const library = buildLibrary({ layers, catalog, vars: sampleVars(), ...links, diagnostics: views, target: { scope: target.scope, layer: ownLayer } });
    const trust = readTrustView(target, env, own.bundleHash, configuredSignedBy(tree));
    good = { catalog, library, trust, links, tokensOf: tokensOfSources(sources), policy, at };
    const counts = `${Object.keys(own.modes).length} mode(s), ${Object.keys(own.presets).length} preset(s); ${summarize(result.diagnostics)}`;
    record(broken ? "errors" : "ok", broken ? `${counts}: the team policy ${policy!.name} refuses them in Pi; showing these sources` : counts, at);
  }

  return {
    refresh() {
      generation++;
      rebuild(new Date().toISOString());
      return generation;
    },
    generation: () => generation,
    state(): StateData {
      const now = checked ?? { status: "failed" as const, message: "not read yet", views: [], at: new Date().toISOString() };
      // The library's inline diagnostics are those of the latest read, also when it shows the last good state.
      const library = good && checked ? { ...good.library, ...relink(good, checked.views, target) } : (good?.library ?? null);
      const modes = good
        ? [...good.catalog.modes.values()].map((m) => ({ key: m.key, strategy: m.mode.strategy })).sort((a, b) => a.key.localeCompare(b.key))
        : [];
      return {
        generation,
        target: { scope: target.scope, forgeRoot: target.displayForgeRoot },
        status: now.status,
        message: now.message,
        goodAt: good?.at ?? null,
        checkedAt: now.at,
        diagnostics: now.views,
        library,
        trust: good?.trust ?? null,
        trustLines: good ? describeTrustView(good.trust).map((l) => l.trim()) : [],
        policy: good?.policy === undefined ? null : explainPolicy(good.policy, { selection: null, tokens: null }, good.catalog),
        presets: good ? [...good.catalog.presets.keys()].sort() : [],
        modes,
        events: [...events],
      };
    },
    compose(names, host, as) {
      if (good === null) {
        return {
          names,
          host,
          status: "errors",
          reason: "the sources have not compiled yet; fix the diagnostics first",
          selection: null,
          preset: null,
          components: [],
          contracts: [],
          preferences: null,
          tools: [],
          cacheSensitive: [],
          systemUpdates: [],
          tokens: null,
          prompt: null,
          fallbackReason: null,
        };
      }
      const settings = { now: new Date(), os: process.platform };
      const view = composeView({
        catalog: good.catalog,
        diagnostics: checked?.diagnostics ?? [],
        names,
        ...(as ? { as } : {}),
        host,
        settings,
        cwd: target.root,
        tokensOf: good.tokensOf,
        ...good.links,
        // The policy's own layer for this selection (its overlays, rules, and Pi's refusal), composed into the prompt.
        ...(good.policy === undefined ? {} : { policy: good.policy }),
      });
      return view;
    },
    source(file) {
      // Only files the reader found under the forge root (escaping symlinks were never read): no path reaches the disk.
      const text = checked?.getSource(file);
      return text === undefined ? null : { file, display: `${target.displayForgeRoot}${file}`, text };
    },
  };
}

/** The good library's entries with the latest diagnostics attached (a broken edit shows on the entry it breaks). */
function relink(good: GoodState, views: DiagnosticView[], target: ForgeTarget): Pick<LibraryData, "entries" | "unattached"> {
  const attached = new Set<DiagnosticView>();
  const entries = good.library.entries.map((e) => {
    // Only the target's own entries carry a file (a layer above is named, never opened).
    if (e.scope !== target.scope || e.source.file === null) return e;
    const own = { scope: e.scope, layer: target.scope === "project" ? target.root : null };
    const files = [e.source.file, ...(e.kind === "mode" ? [good.links.promptRef(own, e.source.file).file] : [])];
    const diagnostics = views.filter((d) => d.file !== null && files.includes(d.file));
    for (const d of diagnostics) attached.add(d);
    return { ...e, diagnostics };
  });
  return { entries, unattached: views.filter((d) => !attached.has(d)) };
}
