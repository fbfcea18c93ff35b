// The values and positional arguments of forge's commands, checked one command at a time; each mistake is a UsageError
// that says what was expected, with an example.
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import type { SubCommand } from "./cli-help.js";
import { checkSigningPositionals } from "./signing-args.js";
import { checkTransferPositionals } from "./transfer-args.js";
import { UsageError } from "./usage-error.js";

export type OutputFormat = "human" | "github" | "json" | "markdown";

/** Checks the positional arguments of one command; throws a UsageError that says what was expected. */
export function checkPositionals(
  command: SubCommand,
  rest: string[],
  named: { preset?: string | undefined; modes?: string | undefined; path?: string | undefined; policy?: string | undefined },
): void {
  switch (command) {
    case "preview":
    case "explain":
      if (named.preset !== undefined && named.modes !== undefined) throw new UsageError(`'forge ${command}' takes --preset or --modes, not both`);
      if ((named.preset !== undefined || named.modes !== undefined) && rest.length > 0) {
        throw new UsageError(`'forge ${command}' takes --preset/--modes or names, not both; got '${rest[0]}' as well`);
      }
      // explain alone lists everything the sources offer; explain --path alone judges the path against every rule and limit.
      const selects = named.preset !== undefined || named.modes !== undefined || rest.length > 0;
      // The policy is explained as what it adds to a selection (or to a path's rules and limits), never to the overview.
      if (command === "explain" && named.policy !== undefined && !selects && named.path === undefined) {
        throw new UsageError(
          `'forge explain --policy' needs a preset name or mode keys (what the policy adds to them), e.g. forge explain audit --policy ${named.policy}`,
        );
      }
      if (!selects && command !== "explain") {
        throw new UsageError(
          `'forge ${command}' needs a preset name or mode keys, e.g. forge ${command} audit, forge ${command} --preset audit or forge ${command} --modes plan,review`,
        );
      }
      return;
    case "diff":
      if (rest.length > 2) throw new UsageError(`'forge diff' takes at most two bundles (A and B), got ${rest.length}`);
      return;
    case "import":
    case "export": {
      const problem = checkTransferPositionals(command, rest, named.preset);
      if (problem !== null) throw new UsageError(problem);
      return;
    }
    case "preset": {
      const [sub, first, second, extra] = rest;
      if (sub !== "export" && sub !== "import") throw new UsageError(`'forge preset' takes export or import, e.g. forge preset export review-flow flow.json`);
      if (first === undefined)
        throw new UsageError(sub === "export" ? "'forge preset export' needs a preset name" : "'forge preset import' needs the file to import");
      const surplus = sub === "export" ? extra : second;
      if (surplus !== undefined) throw new UsageError(`unexpected argument '${surplus}' for 'forge preset ${sub}'`);
      return;
    }
    case "key":
    case "verify": {
      const problem = checkSigningPositionals(command, rest);
      if (problem !== null) throw new UsageError(problem);
      return;
    }
    case "test":
      return; // test names or files: filters, checked against the tests found
    case "source":
      if (rest.length !== 1)
        throw new UsageError(
          `'forge source' takes one JSON request (schema/source-request.schema.json), e.g. forge source '{"kind":"mode-template","key":"notes","strategy":"append"}' --json`,
        );
      return;
    default:
      if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' for 'forge ${command}'`);
  }
}

/** --port: a TCP port number (0 asks for a random free one, as no --port does). */
export function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be a port number from 0 to 65535, e.g. --port 4173 (got '${value}')`);
  return port;
}

/** `markdown` (a pull-request comment) only for forge test. */
export function parseFormat(value: string | undefined, json: boolean, markdown = false): OutputFormat {
  if (value === undefined) return json ? "json" : "human";
  if (value !== "human" && value !== "github" && value !== "json" && !(markdown && value === "markdown")) {
    throw new UsageError(`--format must be human, github${markdown ? ", markdown" : ""} or json, e.g. --format github (got '${value}')`);
  }
  if (json && value !== "json") throw new UsageError(`--json and --format ${value} cannot be combined`);
  return value;
}

/** --rename old=new, each side a forge key (^[a-z][a-z0-9-]*$). */
export function parseRenames(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const [from, to, extra] = value.split("=");
    const key = (k: string | undefined) => k !== undefined && KEY_PATTERN.test(k) && k.length <= LIMITS.maxKeyLength;
    if (extra !== undefined || !key(from) || !key(to))
      throw new UsageError(`--rename takes old=new with two forge keys, e.g. --rename plan=plan-roo (got '${value}')`);
    if (Object.hasOwn(out, from!)) throw new UsageError(`--rename names "${from}" twice`);
    Object.defineProperty(out, from!, { value: to, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
