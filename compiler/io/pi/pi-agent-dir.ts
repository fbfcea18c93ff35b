// The user forge test runs Pi as: a temporary HOME and agent directory (nothing of the real user's settings, keys or
// sessions is read or written), a models.json whose providers all point at the capture server (--model: a copy of the
// user's model files, for a real model), and the project trusted as `/forge trust` (0.73) and Pi's dialog (1.x) would.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTrustStore, withTrust, writeTrustStore, type TrustedBundle } from "../../../io/trust-store.js";
import type { HostId } from "../../prompt-tests/test-case.js";

/** Variables that would bring the real user's Pi setup or credentials into the run. */
const DROPPED = /^(PI_|OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|MISTRAL_|GROQ_|XAI_|OPENROUTER_|AZURE_|AWS_|NODE_OPTIONS$|npm_config_)/;

/** A model as the capture server's provider declares it: no reasoning, text in, the same limits for every test. */
function modelEntry(id: string) {
  return {
    id,
    name: id,
    reasoning: false,
    input: ["text"],
    contextWindow: 128_000,
    maxTokens: 4_096,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  };
}

export interface AgentDir {
  root: string;
  agentDir: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/** A project layer Pi loads, and the bundle it must find trusted there. */
export interface TrustedLayer {
  root: string;
  bundle: TrustedBundle;
}

/**
 * Where the models come from: every provider/model the tests name (`provider/id`) served by the capture server at
 * `baseUrl`, or (forge test --model) the user's own agent directory's model and credential files, copied for the run,
 * with the provider keys of the environment kept.
 */
export type ModelSource = { baseUrl: string; models: readonly string[] } | { userAgentDir: string };

/** The user's files a real model needs: its providers and models, its logins, its settings. */
const USER_FILES = ["models.json", "auth.json", "settings.json"];

/** A fresh agent directory for one host, with the models of `source` and the project layers trusted. Removed by remove(). */
export function createAgentDir(host: HostId, source: ModelSource, layers: readonly TrustedLayer[], env: NodeJS.ProcessEnv): AgentDir {
  const root = mkdtempSync(join(tmpdir(), "forge-test-pi-"));
  const agentDir = join(root, "agent");
  const home = join(root, "home");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  if ("baseUrl" in source) writeModels(agentDir, source.baseUrl, source.models);
  else for (const file of USER_FILES) if (existsSync(join(source.userAgentDir, file))) copyFileSync(join(source.userAgentDir, file), join(agentDir, file));
  trustLayers(host, agentDir, layers);
  const keep = "userAgentDir" in source;
  const vars: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) if (!(keep ? /^(PI_|NODE_OPTIONS$|npm_config_)/ : DROPPED).test(key)) vars[key] = value;
  Object.assign(vars, { PI_CODING_AGENT_DIR: agentDir, HOME: home, NO_COLOR: "1", PI_OFFLINE: "1" });
  return { root, agentDir, env: vars, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** models.json: each provider the tests name, all of its models served by the capture server. */
function writeModels(agentDir: string, baseUrl: string, models: readonly string[]): void {
  const providers: Record<string, { baseUrl: string; api: string; apiKey: string; models: ReturnType<typeof modelEntry>[] }> = {};
  for (const model of models) {
    const slash = model.indexOf("/");
    const provider = model.slice(0, slash);
    providers[provider] ??= { baseUrl, api: "openai-completions", apiKey: "forge-test", models: [] };
    if (!providers[provider].models.some((m) => m.id === model.slice(slash + 1))) providers[provider].models.push(modelEntry(model.slice(slash + 1)));
  }
  writeFileSync(join(agentDir, "models.json"), `${JSON.stringify({ providers }, null, 2)}\n`);
}

/** The project layers trusted as `/forge trust` records it (0.73) and as Pi's trust dialog does (1.x). */
function trustLayers(host: HostId, agentDir: string, layers: readonly TrustedLayer[]): void {
  if (host === "pi-0.73") {
    const file = join(agentDir, "forge", "trust.json");
    mkdirSync(join(agentDir, "forge"), { recursive: true });
    let store = readTrustStore(file);
    for (const layer of layers) store = withTrust(store, realpathSync(layer.root), layer.bundle, new Date());
    writeTrustStore(file, store);
  } else {
    const trusted = Object.fromEntries(layers.map((l) => [realpathSync(l.root), true]));
    writeFileSync(join(agentDir, "trust.json"), `${JSON.stringify(trusted, null, 2)}\n`);
  }
}
