// What works on this host and in this mode to trust a project bundle forge does not offer: Pi's own trust (/trust, or
// --approve in print mode on 1.x), or forge's /forge trust (a dialog, or at once where there is none).
import { forgeCommand } from "../core/forge-command.js";

export interface TrustHint {
  /** The sentence the "not trusted" notice ends with. */
  notice: string;
  /** The words in parentheses after "trust it first" (a mode or preset of that bundle asked for). */
  short: string;
}

/**
 * `decidedBy`: who decides this layer's trust (host: Pi 1.x's project trust; forge: forge's store, on 0.73.1 and under
 * `trust: forge`); `hasUI`: whether this Pi shows dialogs (the TUI and RPC; print mode does not). `outerRoot`: the
 * layer's root when it is not the deepest one, which a bare `forge explain` from Pi's directory would not show.
 */
export function trustHint(decidedBy: "host" | "forge" | null, hasUI: boolean, bundleHash: string, outerRoot: string | null = null): TrustHint {
  const hash = bundleHash.slice(0, 12);
  if (decidedBy === "host") {
    return hasUI
      ? {
          notice: "Trust the project in Pi to use its modes: /trust saves the decision for this folder (or start Pi with --approve for one run).",
          short: "trust the project in Pi: /trust, or start Pi with --approve",
        }
      : {
          notice:
            "Trust the project in Pi to use its modes: in print mode start Pi with --approve (pi --approve -p ...), or save the decision with /trust in interactive Pi.",
          short: "trust the project in Pi: start Pi with --approve in print mode",
        };
  }
  return hasUI
    ? {
        notice: `Run /forge trust to review this bundle (bundleHash ${hash}) in a dialog and trust it; a bundle that arrives changed needs trust again.`,
        short: "/forge trust shows it and asks",
      }
    : {
        notice: `Run /forge trust to trust this bundle (bundleHash ${hash}); in print mode it trusts without a dialog, so review the bundle first (${forgeCommand("explain", ...(outerRoot === null ? [] : ["--root", outerRoot]))}); a bundle that arrives changed needs trust again.`,
        short: "/forge trust; in print mode it trusts without a dialog",
      };
}
