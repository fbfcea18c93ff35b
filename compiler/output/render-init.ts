// `forge init` as data (what --json prints) and its human lines.
import type { Scope } from "../../core/digest.js";
import type { Painter } from "./painter.js";
import { forgeCommand } from "../../core/forge-command.js";

export interface InitReport {
  command: "init";
  scope: Scope;
  /** The forge root relative to the current directory (posix), e.g. `.pi/forge/`. */
  path: string;
  /** The forge root as an absolute path, for scripts. */
  absolutePath: string;
  /** Files created / left alone because they existed, relative to the current directory (posix). */
  created: string[];
  skipped: string[];
  /** Whether the project has forge in its node_modules (always true for the global scope). */
  installed: boolean;
}

/** What a repo without forge installed should do, so teammates and CI run the same forge through `npx --no-install`. */
export const INSTALL_HINT =
  "forge is not installed in this repository: add it as a devDependency so teammates and CI run the same forge, e.g. " +
  "`npm install --save-dev pi-forge-modes` (or a path to a forge checkout, or a tarball made by `npm pack`), then run " +
  "`npx --no-install forge build`. The scaffolded files' $schema lines already point through node_modules/pi-forge-modes, " +
  "so editors check them on every clone once it is installed.";

/** `build`: the build to run next, with the options that chose this forge root (default: a plain build). */
export function renderInitReport(report: InitReport, p: Painter, build: string = forgeCommand("build")): string {
  const lines = [
    ...report.created.map((f) => `${p.paint("green", "created")} ${f}`),
    ...report.skipped.map((f) => `${p.paint("yellow", "skipped")} ${f} (exists; not overwritten)`),
  ];
  lines.push(
    report.created.length > 0
      ? `forge: scaffolded ${report.path}; edit the examples, then run \`${build}\``
      : `forge: nothing to do; ${report.path} already has the example files`,
  );
  // The nearest .pi/forge/ above the current directory answered (not from inside it): a monorepo package wanting a layer
  // of its own learns how.
  if (report.scope === "project" && report.path.startsWith("../") && report.path.endsWith(".pi/forge/")) {
    lines.push(
      `forge: ${report.path} is the nearest forge root above this directory; for a layer of this directory's own (a monorepo package), run \`${forgeCommand("init", "--root", ".")}\``,
    );
  }
  if (!report.installed) lines.push(`forge: note: ${INSTALL_HINT}`);
  return lines.join("\n") + "\n";
}
