// Signing keys on disk: `forge key new` writes a key pair outside every repository, and `forge build --sign` reads the
// private key from --key FILE or FORGE_SIGNING_KEY. No message ever quotes a key's text.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { homeDirOf } from "./home-dir.js";
import { dirname, join, parse, resolve } from "node:path";
import { fingerprintOf, rawPublicKeyOf, signingKeyFromPem, type SigningKey } from "../../core/bundle-signature.js";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";

/** A key file is a few hundred bytes; anything much larger is not one. */
const MAX_KEY_BYTES = 16 * 1024;
/** The public line's tag, as in `.pub` files and `.pi/forge/signers`. */
export const PUBLIC_KEY_TAG = "forge-ed25519";
export const NAME_LIMIT = 128;

const PEM_BLOCK = /-----BEGIN PRIVATE KEY-----[A-Za-z0-9+/=\r\n]+-----END PRIVATE KEY-----/;
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Where `forge key new` writes without --out: $XDG_CONFIG_HOME/forge or ~/.config/forge, never a repository. */
export function defaultKeyFile(env: NodeJS.ProcessEnv, home: string = homeDirOf(env)): string {
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== "" ? env.XDG_CONFIG_HOME : join(home, ".config");
  return join(config, "forge", DEFAULT_KEY_NAME);
}

/** The private key file's name in its default place (and in a directory --out names). */
const DEFAULT_KEY_NAME = "signing-key.pem";

function isDirectoryPath(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A name forge can show on one line (`forge key new --name`), or why not. */
export function checkName(name: string): string | null {
  if (name.length > NAME_LIMIT) return `--name is ${name.length} characters; at most ${NAME_LIMIT}`;
  if (UNSAFE_NAME.test(name)) return "--name holds a control character or a line break";
  if (name !== name.normalize("NFC")) return "--name is not in Unicode NFC";
  return null;
}

/** The private key file: comment lines naming the key, then the PKCS#8 PEM block (openssl reads it as it is). */
export function keyFileText(pem: string, name: string, fingerprint: string): string {
  return [
    "# forge signing key (Ed25519). PRIVATE: keep it outside every repository and never commit it.",
    `# name: ${name}`,
    `# fingerprint: ${fingerprint}`,
    pem.trimEnd(),
    "",
  ].join("\n");
}

/** The public line (`<file>.pub`, and a line of a repository's .pi/forge/signers). */
export function publicKeyLine(publicKey: string, name: string): string {
  return `${PUBLIC_KEY_TAG} ${publicKey}${name === "" ? "" : ` ${name}`}`;
}

/** A signing key from a key file's text; null when the text holds no Ed25519 private key. */
export function parseKeyText(text: string): SigningKey | null {
  const block = PEM_BLOCK.exec(text);
  if (block === null) return null;
  const nameLine = /^# name: (.*)$/m.exec(text.slice(0, block.index));
  const name = (nameLine?.[1] ?? "").trim();
  return signingKeyFromPem(block[0], checkName(name) === null ? name : "");
}

/**
 * The repository or forge project a path would land in: the nearest ancestor (of the path's nearest existing
 * directory, real path) holding `.git` or `.pi/forge`; null when there is none.
 */
export function repositoryContaining(path: string): string | null {
  let dir = resolve(path);
  while (!existsSync(dir)) dir = dirname(dir);
  try {
    dir = realpathSync(dir);
  } catch {
    // keep the path as resolved
  }
  if (!statSync(dir).isDirectory()) dir = dirname(dir);
  for (;;) {
    if (existsSync(join(dir, ".git")) || existsSync(join(dir, ".pi", "forge"))) return dir;
    const up = dirname(dir);
    if (up === dir || dir === parse(dir).root) return null;
    dir = up;
  }
}

export type KeyWrite = { ok: true; key: SigningKey; privateFile: string; publicFile: string } | { ok: false; message: string };

/**
 * `forge key new`: a fresh Ed25519 key pair in `file` (0600) and `file.pub`; never inside a repository, never over a file
 * without force. A `file` that is a directory gets the default file name in it (`--out ~/keys`).
 */
export function writeKeyPair(out: string, name: string, force: boolean): KeyWrite {
  const file = isDirectoryPath(out) ? join(out, DEFAULT_KEY_NAME) : out;
  const inside = repositoryContaining(file);
  if (inside !== null) {
    return {
      ok: false,
      message: `refusing to write a private key inside a repository (${inside}): a key there is one \`git add\` from being published. Choose a path outside it with --out, e.g. ~/.config/forge/signing-key.pem`,
    };
  }
  const publicFile = `${file}.pub`;
  for (const target of [file, publicFile]) {
    let exists = false;
    try {
      lstatSync(target);
      exists = true;
    } catch {
      exists = false;
    }
    if (exists && !force)
      return { ok: false, message: `${target} exists; forge never overwrites a key without --force (a lost private key cannot sign again)` };
  }
  const { privateKey } = generateKeyPairSync("ed25519");
  const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  const raw = rawPublicKeyOf(privateKey);
  const fingerprint = fingerprintOf(raw);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeTextAtomic(file, keyFileText(pem, name, fingerprint), 0o600);
  writeTextAtomic(publicFile, publicKeyLine(raw.toString("base64"), name) + "\n", 0o644);
  const key = signingKeyFromPem(pem, name)!;
  return { ok: true, key, privateFile: file, publicFile };
}

export type KeyLoad = { ok: true; key: SigningKey; from: string; warning?: string } | { ok: false; message: string };

/**
 * The signing key of `--key FILE`, else FORGE_SIGNING_KEY: the key file's text itself (a CI secret), or a path to the
 * file; else the key `forge key new` wrote to its default place, when there is one. The variable's value is never
 * printed: a malformed key would otherwise leak into a log. `from` names where the key came from (a path as `shown`
 * names it).
 */
export function loadSigningKey(keyFile: string | undefined, env: NodeJS.ProcessEnv, cwd: string, shown: (file: string) => string = (f) => f): KeyLoad {
  if (keyFile !== undefined) return loadKeyFile(resolve(cwd, keyFile), keyFile);
  const value = env.FORGE_SIGNING_KEY;
  if (value === undefined || value.trim() === "") {
    const fallback = defaultKeyFile(env);
    if (existsSync(fallback)) return loadKeyFile(fallback, shown(fallback));
    return {
      ok: false,
      message: `signing needs a private key: --key FILE, or FORGE_SIGNING_KEY holding the key file's text or its path, or the key forge key new writes to its default place, ${shown(fallback)} (there is none)`,
    };
  }
  if (value.includes("-----BEGIN")) {
    const key = parseKeyText(value);
    return key === null
      ? { ok: false, message: "FORGE_SIGNING_KEY holds no Ed25519 private key (expected the text of a key file written by forge key new)" }
      : { ok: true, key, from: "FORGE_SIGNING_KEY" };
  }
  const loaded = loadKeyFile(resolve(cwd, value), "the file FORGE_SIGNING_KEY names");
  return loaded.ok ? { ...loaded, from: "FORGE_SIGNING_KEY (a file)" } : { ok: false, message: loaded.message };
}

function loadKeyFile(file: string, shown: string): KeyLoad {
  const read = readBoundedText(file, MAX_KEY_BYTES);
  if (!read.ok) return { ok: false, message: `${shown}: ${read.detail}` };
  const key = parseKeyText(read.text);
  if (key === null) return { ok: false, message: `${shown} holds no Ed25519 private key (expected a key file written by forge key new)` };
  let warning: string | undefined;
  try {
    if (process.platform !== "win32" && (statSync(file).mode & 0o077) !== 0) warning = `${shown} is readable by other users; chmod 600 it`;
  } catch {
    // the read succeeded; the mode is only advice
  }
  return { ok: true, key, from: shown, ...(warning ? { warning } : {}) };
}
