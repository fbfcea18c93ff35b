// `forge preview <preset> | <mode>...`: the composed prompt on stdout, the composition header on stderr.
import { displayPath } from "../output/display-path.js";
import { renderPreviewHeader } from "../output/render-preview.js";
import { previewSelection } from "../review/preview.js";
import type { CliIO } from "./cli-io.js";
import { inspectCommand, selectionSpec } from "./inspect-command.js";
import type { CliArgs } from "./parse-cli-args.js";

export function previewCommand(args: CliArgs, io: CliIO): number {
  return inspectCommand(
    args,
    io,
    "preview",
    (inspected, target, settings) => previewSelection(inspected, selectionSpec(args), settings, target.root),
    (report) => {
      // The header goes to stderr so that stdout carries exactly the composed prompt.
      io.stderr.write(renderPreviewHeader(report, (root) => displayPath(io.cwd, root)));
      if (report.prompt !== null) io.stdout.write(report.prompt.endsWith("\n") ? report.prompt : report.prompt + "\n");
    },
    // A component's layer root, relative to the current directory, with the absolute one beside it for scripts.
    (report) => ({
      ...report,
      components: report.components.map((c) => (c.layer === null ? c : { ...c, layer: displayPath(io.cwd, c.layer), absoluteLayer: c.layer })),
    }),
  );
}
