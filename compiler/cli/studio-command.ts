// `forge studio [--root DIR | --global] [--port N] [--open] [--policy PKG|FILE]`: serve the read-only studio page; the URL goes to stdout.
import { describeFailure } from "../io/describe-failure.js";
import { isDirectory, loadBuiltinBundle, noSourcesProblem, packagePath, resolveTarget } from "../io/forge-target.js";
import { loadAssets } from "../studio/server/assets.js";
import { runStudio } from "../studio/server/run-studio.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";

export async function studioCommand(args: CliArgs, io: CliIO): Promise<number> {
  const target = resolveTarget(args, io.env, io.cwd);
  if (!isDirectory(target.forgeRoot)) {
    return printFailure(io, false, "studio", noSourcesProblem(target));
  }
  let assets;
  try {
    // The page ships in the package, built by scripts/build.mjs beside dist/cli.js.
    assets = loadAssets(packagePath("dist", "studio"));
  } catch (err) {
    return printFailure(io, false, "studio", describeFailure(err));
  }
  const builtin = loadBuiltinBundle();
  if (builtin.problem) io.stderr.write(`forge: warning: ${builtin.problem}; built-in modes and presets are not offered\n`);
  return runStudio(
    { target, env: io.env, builtin, assets, port: args.port ?? 0, open: args.open, ...(args.policy !== undefined ? { policy: args.policy } : {}) },
    { url: (url) => io.stdout.write(`${url}\n`), note: (text) => io.stderr.write(`${text}\n`) },
  );
}
