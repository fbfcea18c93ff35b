// The options of signing and verifying (forge build --sign --key, key new|show, verify --signed-by): which go together.
import type { SubCommand } from "./cli-help.js";
import { unknownWord } from "./transfer-args.js";

/** The parsed flags these checks read (a part of CliArgs). */
interface SigningFlags {
  sign: boolean;
  check: boolean;
  force: boolean;
  global: boolean;
  library: boolean;
  all: boolean;
  key?: string;
  out?: string;
  name?: string;
  root?: string;
  positionals: readonly string[];
}

/** --signed-by: full fingerprints (64 lowercase hex digits, as forge key new prints them). */
export function parseFingerprints(values: readonly string[]): string[] | { usage: string } {
  for (const value of values) {
    if (!/^[0-9a-f]{64}$/.test(value))
      return { usage: `--signed-by takes a key's full fingerprint, 64 lowercase hex digits as forge key new prints it (got '${value.slice(0, 80)}')` };
  }
  return [...new Set(values)];
}

/** The flags of signing that only make sense together: a usage error's message, or null. */
export function checkSigningFlags(command: SubCommand, rest: readonly string[], args: SigningFlags): string | null {
  if (command === "build") {
    if (args.key !== undefined && !args.sign) return "--key names the key --sign signs with; add --sign (forge build --sign --key FILE)";
    if (args.sign && args.check) return "--check writes nothing, so it cannot sign; to check signatures use forge verify";
  }
  if (command === "key") {
    if (rest[0] === "show" && (args.out !== undefined || args.name !== undefined || args.force)) return "'forge key show' takes only --key FILE (and --json)";
    if (rest[0] === "new" && args.key !== undefined) return "'forge key new' writes a new key: name its file with --out FILE, not --key";
  }
  if (command === "verify" && args.positionals.length > 0 && (args.root !== undefined || args.global || args.library || args.all)) {
    return "forge verify checks the bundle files it is given, or the bundle --root/--global/--library/--all names, not both";
  }
  if (args.name !== undefined && args.name.trim() === "") return '--name needs a name, e.g. --name "Ada Lovelace <ada@example.com>"';
  return null;
}

/** The words after `forge key` (new or show) and `forge verify` (bundle files): a usage error's message, or null. */
export function checkSigningPositionals(command: SubCommand, rest: readonly string[]): string | null {
  if (command !== "key") return null;
  const [sub, extra] = rest;
  if (sub === undefined) return "'forge key' takes new or show, e.g. forge key new --name \"Ada Lovelace <ada@example.com>\"";
  if (sub !== "new" && sub !== "show") return unknownWord("'forge key' subcommand", sub, ["new", "show"]);
  return extra === undefined ? null : `unexpected argument '${extra}' for 'forge key ${sub}'`;
}
