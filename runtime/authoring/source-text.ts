// Source texts from forge's own CLI (`forge source`): the extension carries no YAML library, so every source it writes
// (a /mode new template, a prompt put into a mode source, a /preset save preset) is made there with yaml's Document
// API, comments and key order kept, and written here.
import type { CliFailure, CliSourceReport, ForgeSourceRequest } from "../../generated/types.js";
import type { ForgeCli } from "../forge-cli.js";

export type SourceText = { ok: true; text: string } | { ok: false; error: string };

export async function requestSourceText(cli: ForgeCli, cwd: string, request: ForgeSourceRequest): Promise<SourceText> {
  const answer = await cli(["source", JSON.stringify(request), "--json"], cwd);
  if (!answer.ok) return { ok: false, error: answer.failure };
  // The CLI's --json report (schema/cli-report.schema.json): the text, or why there is none.
  const report = answer.json as CliSourceReport | CliFailure;
  if (answer.code === 0 && "text" in report && typeof report.text === "string") return { ok: true, text: report.text };
  return { ok: false, error: "message" in report && typeof report.message === "string" ? report.message : `forge source answered ${String(report.status)}` };
}
