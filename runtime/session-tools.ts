// The selection's tools and MCP servers for one session of the extension, from the pins the branch holds: the sets the
// gate enforces, the declared-tools policy, the servers its modes bring (started and stopped here), and the status.
import type { Catalog } from "../core/component-catalog.js";
import { describeServer } from "../core/mcp-servers.js";
import type { ActiveLimit } from "../core/pinned-limits.js";
import type { SessionState } from "../core/session-state.js";
import type { ToolReport } from "../core/tool-report.js";
import { activeToolSets, toolDeliveryOf, type ActiveToolSet, type ToolFacts, type ToolSetCache } from "../core/tool-sets.js";
import type { ToolDelivery } from "../generated/types.js";
import { allToolFacts, hostHasMcp, registeredTools } from "./host-adapter/tool-host.js";
import type { CtxPort, PiPort } from "./host-adapter/ports.js";
import { createMcpRegistration, wantedServers, type WantedServers } from "./mcp-registration.js";
import type { OnceTeller } from "./notify.js";
import type { DeclaredToolPolicy } from "./preferences-applier.js";
import type { ScopeLoader } from "./scope-loader.js";
import { declaredToolPolicy } from "./tool-policy.js";
import { buildToolStatus } from "./tool-status.js";

export interface SessionToolsDeps {
  pi: PiPort;
  scopes: ScopeLoader;
  read(ctx: CtxPort): SessionState;
  limits(ctx: CtxPort, catalog: Catalog): ActiveLimit[];
  ownTools: readonly string[];
  tell: OnceTeller;
}

export interface SessionTools {
  /** The sets in force (pinned), plus the servers forge started and stopped again: what the gate enforces. */
  sets(ctx: CtxPort, catalog?: Catalog): ActiveToolSet[];
  delivery(ctx: CtxPort, catalog?: Catalog): ToolDelivery;
  /** What may be declared: the same sets and limits the gate enforces, under the selection's tool delivery. */
  policy(ctx: CtxPort, catalog?: Catalog): DeclaredToolPolicy;
  /** Starts and stops the selection's servers (Pi 1.x); what waits for trust, or cannot start, is told once. */
  syncServers(ctx: CtxPort): void;
  status(ctx: CtxPort, catalog: Catalog): ToolReport;
}

export function createSessionTools(deps: SessionToolsDeps): SessionTools {
  const { pi, scopes, read, tell } = deps;
  const mcp = createMcpRegistration();
  const cache: ToolSetCache = new WeakMap();
  const sets = (ctx: CtxPort, catalog = scopes.catalog()): ActiveToolSet[] => {
    const pinned = activeToolSets(read(ctx).selection.pins, catalog);
    const retired = mcp.retired();
    return retired.length === 0 ? pinned : [...pinned, { kind: "retired", mode: null, servers: retired }];
  };
  const delivery = (ctx: CtxPort, catalog = scopes.catalog()): ToolDelivery => toolDeliveryOf(catalog, read(ctx).selection.state);
  /** The servers the selection brings, as the bundles on disk offer them (a project's once forge's trust covers it). */
  const servers = (ctx: CtxPort): WantedServers => {
    const loaded = scopes.refresh(ctx);
    const trusted = (layer: string | null) => loaded.discovered.layers.find((l) => l.root === layer)?.serversTrusted === true;
    return wantedServers(read(ctx).selection.pins, loaded.catalog, trusted);
  };
  return {
    sets,
    delivery,
    policy(ctx, catalog = scopes.catalog()) {
      // One read of the host's tool list per policy: a request judges every declared tool with it.
      let facts: Readonly<Record<string, ToolFacts>> | undefined;
      return declaredToolPolicy({
        sets: sets(ctx, catalog),
        limits: deps.limits(ctx, catalog),
        delivery: delivery(ctx, catalog),
        own: deps.ownTools,
        facts: (tool) => (Object.hasOwn((facts ??= allToolFacts(pi)), tool) ? facts[tool] : undefined),
        cache,
      });
    },
    syncServers(ctx) {
      const wanted = servers(ctx);
      const notices = mcp.sync(pi, wanted);
      for (const w of wanted.waiting) notices.push(`forge: MCP server ${describeServer(w.server)} is not started: ${w.why}`);
      if (!hostHasMcp(pi))
        for (const s of wanted.start) notices.push(`forge: MCP server ${describeServer(s)} is not started: this Pi (0.73.1) has no MCP of its own`);
      for (const n of notices) tell.tell(ctx, n, "warning");
    },
    status: (ctx, catalog) =>
      buildToolStatus({
        sets: sets(ctx, catalog),
        delivery: delivery(ctx, catalog),
        limits: deps.limits(ctx, catalog),
        wanted: servers(ctx),
        registered: hostHasMcp(pi) ? mcp.registered() : null,
        reported: registeredTools(pi),
      }),
  };
}
