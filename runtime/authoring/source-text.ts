// Source texts from forge's own CLI (`forge source`): the extension carries no YAML library, so every source it writes
// (a /mode new template, a prompt put into a mode source, a /preset save preset) is made there with yaml's Document
// API, comments and key order kept, and written here.
import type { ForgeSourceRequest } from "../../generated/types.js";
import type { ForgeCli } from "../forge-cli.js";

export type SourceText = { ok: true; text: string } | { ok: false; error: string };

export async function requestSourceText(cli: ForgeCli, cwd: string, request: ForgeSourceRequest): Promise<SourceText> {
  const answer = await cli(["source", JSON.stringify(request), "--json"], cwd);
  if (!answer.ok) return { ok: false, error: answer.failure };
  const report = answer.json as { status?: unknown; text?: unknown; message?: unknown };
  if (answer.code === 0 && report.status === "ok" && typeof report.text === "string") return { ok: true, text: report.text };
  return { ok: false, error: typeof report.message === "string" ? report.message : `forge source answered ${String(report.status)}` };
}
