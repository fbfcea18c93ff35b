// `forge init` as data (what --json prints) and its human lines.
import type { Scope } from "../../core/digest.js";
import type { Painter } from "./painter.js";

export interface InitReport {
  command: "init";
  scope: Scope;
  /** The forge root relative to the root (posix), e.g. `.pi/forge/`. */
  path: string;
  /** Files created / left alone because they existed, relative to the root (posix). */
  created: string[];
  skipped: string[];
}

export function renderInitReport(report: InitReport, p: Painter): string {
  const lines = [
    ...report.created.map((f) => `${p.paint("green", "created")} ${f}`),
    ...report.skipped.map((f) => `${p.paint("yellow", "skipped")} ${f} (exists; not overwritten)`),
  ];
  lines.push(
    report.created.length > 0
      ? `forge: scaffolded ${report.path}; edit the examples, then run \`forge build${report.scope === "global" ? " --global" : ""}\``
      : `forge: nothing to do; ${report.path} already has the example files`,
  );
  return lines.join("\n") + "\n";
}
