// `forge source '<request>' --json`: the source text the Pi extension's authoring commands write (a /mode new template,
// a prompt put into a mode source, a /preset save preset), made with yaml's Document API, which the extension does not carry.
import { isAbsolute } from "node:path";
import type { ForgeSourceRequest } from "../../generated/types.js";
import { LIMITS } from "../../generated/constants.js";
import { validateSourceRequest } from "../../generated/transfer-validators.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { renderModeTemplate, setModePrompt } from "../source-edit/mode-source.js";
import { renderPresetSource } from "../source-edit/preset-source.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";

type Made = { ok: true; text: string } | { ok: false; error: string };

/** A file the request names: absolute (the extension resolves it against Pi's cwd), a regular file, bounded. */
function readNamed(path: string): Made {
  if (!isAbsolute(path)) return { ok: false, error: `${path} is not an absolute path` };
  const read = readBoundedText(path, LIMITS.maxFileBytes);
  return read.ok ? read : { ok: false, error: `${path} ${read.detail}` };
}

function makeSource(request: ForgeSourceRequest): Made {
  switch (request.kind) {
    case "mode-template": {
      if (request.promptFile === undefined) return { ok: true, text: renderModeTemplate(request.key, request.strategy) };
      const prompt = readNamed(request.promptFile);
      return prompt.ok ? { ok: true, text: renderModeTemplate(request.key, request.strategy, prompt.text) } : prompt;
    }
    case "set-prompt": {
      const source = readNamed(request.file);
      if (!source.ok) return source;
      const prompt = readNamed(request.promptFile);
      return prompt.ok ? setModePrompt(source.text, prompt.text) : prompt;
    }
    case "preset":
      return { ok: true, text: renderPresetSource(request) };
  }
}

export function sourceCommand(args: CliArgs, io: CliIO): number {
  let request: unknown;
  try {
    request = JSON.parse(args.positionals[0]!);
  } catch (err) {
    return printFailure(io, args.json, "source", `the request is not JSON (${(err as Error).message}); expected schema/source-request.schema.json`);
  }
  if (!validateSourceRequest(request)) {
    const first = validateSourceRequest.errors?.[0];
    return printFailure(
      io,
      args.json,
      "source",
      `the request does not match schema/source-request.schema.json (${first?.instancePath || "/"} ${first?.message ?? ""})`,
    );
  }
  const made = makeSource(request as ForgeSourceRequest);
  if (!made.ok) return printFailure(io, args.json, "source", made.error);
  io.stdout.write(args.json ? `${JSON.stringify({ command: "source", status: "ok", text: made.text }, null, 2)}\n` : made.text);
  return 0;
}
