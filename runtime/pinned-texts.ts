// The mode texts this process has seen, by digest: a drift dialog compares a changed mode's pinned definition with the
// current one. The session pins digests, not texts, so an earlier text is known only when this Pi process loaded the
// bundle that held it; kept only for what the current catalog offers or the selection pins (bounded by both).
import type { Catalog } from "../core/component-catalog.js";
import type { Segment } from "../generated/types.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { LoadedScopes, ScopeLoader } from "./scope-loader.js";

export interface PinnedTexts {
  /** The template of the mode definition with `digest`, when this process saw it. */
  textOf(digest: string | null): readonly Segment[] | null;
}

/**
 * Wraps `loader` so each catalog it loads is remembered; `pinned()` names the digests the selection pins now (kept
 * after the bundle that held them is rebuilt). `onLoad` sees every read (what completions, which get no ctx, read).
 */
export function rememberTexts(
  loader: ScopeLoader,
  pinned: () => Iterable<string | null>,
  onLoad: (loaded: LoadedScopes, ctx: CtxPort) => void = () => {},
): { scopes: ScopeLoader; texts: PinnedTexts } {
  let texts = new Map<string, readonly Segment[]>();
  let seen: Catalog | null = null;

  function remember(catalog: Catalog): void {
    if (catalog === seen) return;
    seen = catalog;
    const next = new Map<string, readonly Segment[]>();
    for (const digest of pinned()) {
      const kept = digest === null ? undefined : texts.get(digest);
      if (kept !== undefined) next.set(digest!, kept);
    }
    for (const entry of catalog.modes.values()) next.set(entry.mode.digest, entry.mode.prompt);
    texts = next;
  }

  const scopes: ScopeLoader = {
    ...loader,
    refresh(ctx, force) {
      const loaded = loader.refresh(ctx, force);
      remember(loaded.catalog);
      onLoad(loaded, ctx);
      return loaded;
    },
  };
  return { scopes, texts: { textOf: (digest) => (digest === null ? null : (texts.get(digest) ?? null)) } };
}
