// `forge verify [FILE]... [--root DIR | --global | --library | --all] [--signed-by FP]...`: checks bundles without Pi, for
// CI: the format, every digest, the bundleHash and every signature. Exit 0 verified, 1 a bundle failed, 2 usage.
import { forgeCommand, scopeWords } from "../../core/forge-command.js";
import { join, resolve } from "node:path";
import type { BundleScope } from "../../core/digest.js";
import { LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { findForgeRoots } from "../io/find-forge-roots.js";
import { resolveLibraryTarget, resolveTarget } from "../io/forge-target.js";
import { displayPath } from "../output/display-path.js";
import { renderVerifyReport, verifyOne, type VerifiedBundle, type VerifyReport } from "../review/verify-report.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";
import { readPolicyArg } from "../io/read-policy.js";
import { teamPolicyOf } from "../phases/team-policy.js";
import type { EffectivePolicy } from "../../core/policy.js";

/** The bundles to check, each with the scope it must declare (none for a file given by path). */
function bundlesToVerify(args: CliArgs, io: CliIO): Array<{ file: string; scope: BundleScope | undefined }> | { problem: string } {
  if (args.positionals.length > 0) return args.positionals.map((p) => ({ file: resolve(io.cwd, p), scope: undefined }));
  if (args.all) {
    const found = findForgeRoots(args.root !== undefined ? resolve(io.cwd, args.root) : io.cwd);
    if (found.roots.length === 0) return { problem: `no forge sources: no .pi/forge/ directory under ${displayPath(io.cwd, found.top)}` };
    return found.roots.map((root) => ({ file: join(root, ".pi", "forge", "bundle.json"), scope: "project" }));
  }
  if (args.library) {
    const target = resolveLibraryTarget(args, io.cwd);
    return "problem" in target ? target : [{ file: target.bundlePath, scope: "library" }];
  }
  const target = resolveTarget(args, io.env, io.cwd);
  return [{ file: target.bundlePath, scope: target.scope }];
}

export function verifyCommand(args: CliArgs, io: CliIO): number {
  const wanted = bundlesToVerify(args, io);
  if ("problem" in wanted) return printFailure(io, args.json, "verify", wanted.problem);
  // --policy: the team policy (a package from the project's node_modules, or a bundle file), verified as Pi verifies it.
  let policy: EffectivePolicy | null = null;
  let policyReport: VerifyReport["policy"];
  if (args.policy !== undefined) {
    const team = teamPolicyOf(readPolicyArg(args.policy, resolveTarget(args, io.env, io.cwd).root, io.cwd));
    policy = "why" in team ? null : team.policy;
    policyReport = { name: args.policy, status: "why" in team ? "failed" : "verified", problem: "why" in team ? team.why : null };
  }
  const bundles: VerifiedBundle[] = wanted.map(({ file, scope }) => {
    const read = readBoundedText(file, LIMITS.maxBundleBytes);
    const shown = { path: displayPath(io.cwd, file), absolutePath: file };
    const why = read.ok
      ? null
      : read.reason === "absent"
        ? `does not exist; run \`${forgeCommand("build", ...(args.all ? ["--all"] : []), ...(args.library ? ["--library"] : []), ...scopeWords(args))}\` and commit it`
        : read.detail;
    return verifyOne(shown, read.ok ? read.text : null, why, scope, args.signedBy, policy);
  });
  const failed = bundles.some((b) => b.status === "failed") || policyReport?.status === "failed";
  const report: VerifyReport = {
    command: "verify",
    status: failed ? "failed" : "verified",
    signedBy: args.signedBy,
    ...(policyReport ? { policy: policyReport } : {}),
    bundles,
  };
  if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else io.stdout.write(renderVerifyReport(report));
  return failed ? 1 : 0;
}
