// `forge key new | show`: signing keys for forge build --sign. new writes a key pair outside every repository and
// prints its fingerprint; show prints the fingerprint and public line of --key FILE or FORGE_SIGNING_KEY. The private
// key's text is never printed.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describeSigner } from "../../core/bundle-signature.js";
import { checkName, defaultKeyFile, loadSigningKey, publicKeyLine, writeKeyPair } from "../io/signing-key.js";
import { displayPath } from "../output/display-path.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";
import type { Holds } from "../review/schema-check.js";
import { forgeCommand } from "../../core/forge-command.js";

/** What --json prints: the key's fingerprint, name and public line, and (new) the files written. */
export interface KeyReport {
  command: "key";
  action: "new" | "show";
  fingerprint: string;
  name: string;
  publicKey: string;
  /** The line for `.pi/forge/signers` (and the `.pub` file). */
  publicLine: string;
  /** new: the files written, relative to the current directory and absolute. */
  files?: { private: string; public: string; absolutePrivate: string; absolutePublic: string };
  /** show: where the key came from (--key's path, FORGE_SIGNING_KEY). */
  from?: string;
}

/** git's user.name <user.email>, when git knows them (the default --name). */
function gitIdentity(io: CliIO): string {
  const get = (key: string) => {
    const r = spawnSync("git", ["config", "--get", key], { cwd: io.cwd, env: io.env, encoding: "utf8", timeout: 5_000 });
    return r.status === 0 ? r.stdout.trim() : "";
  };
  const name = get("user.name");
  const email = get("user.email");
  return [name, email ? `<${email}>` : ""].filter((s) => s !== "").join(" ");
}

export function keyCommand(args: CliArgs, io: CliIO): number {
  return args.positionals[0] === "show" ? showKey(args, io) : newKey(args, io);
}

function newKey(args: CliArgs, io: CliIO): number {
  const name = (args.name ?? gitIdentity(io)).trim();
  const bad = checkName(name);
  if (bad !== null) return printFailure(io, args.json, "key", bad);
  const file = args.out !== undefined ? resolve(io.cwd, args.out) : defaultKeyFile(io.env);
  let written;
  try {
    written = writeKeyPair(file, name, args.force);
  } catch (err) {
    return printFailure(io, args.json, "key", `could not write the key: ${(err as Error).message}`);
  }
  if (!written.ok) return printFailure(io, args.json, "key", written.message);
  const { key } = written;
  const report: KeyReport = {
    command: "key",
    action: "new",
    fingerprint: key.fingerprint,
    name: key.name,
    publicKey: key.publicKey,
    publicLine: publicKeyLine(key.publicKey, key.name),
    files: {
      private: displayPath(io.cwd, written.privateFile),
      public: displayPath(io.cwd, written.publicFile),
      absolutePrivate: written.privateFile,
      absolutePublic: written.publicFile,
    },
  };
  if (args.json) {
    io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    return 0;
  }
  io.stdout.write(
    [
      `forge: wrote the private key ${report.files!.private} (mode 600; keep it outside every repository, never commit or share it)`,
      `forge: and the public key ${report.files!.public}`,
      `fingerprint: ${key.fingerprint}`,
      `name: ${key.name === "" ? "(none)" : key.name}`,
      "",
      written.privateFile === defaultKeyFile(io.env)
        ? `Sign a bundle: ${forgeCommand("build", "--sign")} (it signs with this key, in the default place, unless --key FILE or FORGE_SIGNING_KEY names another).`
        : `Sign a bundle: ${forgeCommand("build", "--sign", "--key", report.files!.private)} (or FORGE_SIGNING_KEY=<the key file's text or path>).`,
      `Teammates trust your signed bundles in Pi with: /forge trust --key ${key.fingerprint}`,
      "A repository may name you as a signer with this line in the signers file of its forge directory (shown in the trust dialog; it grants nothing):",
      `  ${report.publicLine}`,
      "",
    ].join("\n"),
  );
  return 0;
}

function showKey(args: CliArgs, io: CliIO): number {
  const loaded = loadSigningKey(args.key, io.env, io.cwd, (file) => displayPath(io.cwd, file));
  if (!loaded.ok) return printFailure(io, args.json, "key", loaded.message);
  const { key } = loaded;
  const from = args.key !== undefined ? displayPath(io.cwd, resolve(io.cwd, args.key)) : loaded.from;
  const report: KeyReport = {
    command: "key",
    action: "show",
    fingerprint: key.fingerprint,
    name: key.name,
    publicKey: key.publicKey,
    publicLine: publicKeyLine(key.publicKey, key.name),
    from,
  };
  if (loaded.warning) io.stderr.write(`forge: warning: ${loaded.warning}\n`);
  if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else io.stdout.write(`forge: ${describeSigner(key)}, from ${from}\nfingerprint: ${key.fingerprint}\npublic line: ${report.publicLine}\n`);
  return 0;
}

/** schema/cli-report.schema.json describes this report: compile fails if not. */
export type KeyReportMatchesSchema = Holds<KeyReport extends import("../../generated/types.js").CliKeyReport ? true : false>;
