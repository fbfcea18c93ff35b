// The "project bundle is not trusted" notice as a widget above Pi's editor instead of a chat line: a chat line stays on
// screen after /forge trust (or Pi's own trust), the widget goes away the moment the bundle is trusted. Where there is
// no widget (print mode, a host without one) the notice is told once, as every scope notice is.
import type { CtxPort } from "./host-adapter/ports.js";
import type { OnceTeller } from "./notify.js";
import type { LoadedScopes } from "./scope-loader.js";
import { visible } from "../core/safe-text.js";

export const TRUST_WIDGET_KEY = "forge-trust";

/** The notice scope discovery makes for an untrusted layer (runtime/scope-discovery.ts untrustedNotice). */
const UNTRUSTED = /^forge: project bundle .+ is not trusted; its modes and presets are not offered\. /;

export function isUntrustedNotice(text: string): boolean {
  return UNTRUSTED.test(text);
}

const canShow = (ctx: CtxPort) => ctx.hasUI && typeof ctx.ui.setWidget === "function";

export interface TrustWidget {
  /** The scope loader's teller: untrusted notices go to the widget where there is one, the rest are told. */
  teller: OnceTeller;
  /** After each scope read: shows the untrusted notices of `loaded`, or clears the widget once there are none. */
  show(ctx: CtxPort, loaded: LoadedScopes): void;
}

export function createTrustWidget(tell: OnceTeller): TrustWidget {
  /** What the widget shows now ("" nothing): a widget request goes out only when it changes. */
  let shown = "";
  return {
    teller: {
      tell(ctx, text, level) {
        if (isUntrustedNotice(text) && canShow(ctx as CtxPort)) return;
        tell.tell(ctx, text, level);
      },
      told: tell.told,
    },
    show(ctx, loaded) {
      if (!canShow(ctx)) return;
      const lines = loaded.discovered.notices.filter(isUntrustedNotice).map(visible);
      const next = lines.join("\n");
      if (next === shown) return;
      shown = next;
      try {
        ctx.ui.setWidget!(TRUST_WIDGET_KEY, lines.length > 0 ? lines : undefined);
      } catch {
        // a widget is cosmetic: the status report still says the bundle is not trusted
      }
    },
  };
}
