// Isolated Pi environments for the demo and e2e tests: a temp agent dir whose models.json points at the fake server, HOME, empty cwd.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const FAKE_PROVIDER = "fake";
export const FAKE_MODEL = "fake-model";

export interface PiEnvOptions {
  /** The fake server's baseUrl (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  /** Model-level `compat` for the fake model (e.g. `{ supportsMidConvoSystemMessages: true }`). */
  compat?: Record<string, unknown>;
  /** Extra model fields (e.g. `{ reasoning: true }`). */
  model?: Record<string, unknown>;
  /** More models of the same provider (id and fields, e.g. `compat`), for model switches. */
  extraModels?: Array<{ id: string } & Record<string, unknown>>;
  /** Written as `<agent dir>/settings.json` when given. */
  settings?: Record<string, unknown>;
  /** Files to create, relative to the env's cwd (e.g. `{ "AGENTS.md": "..." }`). */
  cwdFiles?: Record<string, string>;
  /** Files to create, relative to the agent dir. */
  agentFiles?: Record<string, string>;
}

export interface PiEnv {
  /** The temp root holding agent/, home/ and cwd/. */
  readonly root: string;
  readonly agentDir: string;
  readonly home: string;
  /** The working dir Pi runs in: empty unless cwdFiles were given. */
  readonly cwd: string;
  readonly provider: string;
  readonly model: string;
  /** The environment for a Pi child process: the parent's, minus Pi/provider variables, plus the isolation. */
  readonly vars: NodeJS.ProcessEnv;
  /** Write a file relative to cwd (creates folders). */
  writeCwdFile(path: string, content: string): Promise<void>;
  cleanup(): Promise<void>;
}

// Variables that could leak the developer's own Pi setup or real credentials into a test run.
const DROPPED_VARS = /^(PI_|OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|MISTRAL_|GROQ_|XAI_|OPENROUTER_|NODE_OPTIONS$|npm_config_)/;

export async function createPiEnv(options: PiEnvOptions): Promise<PiEnv> {
  const root = await mkdtemp(join(tmpdir(), "forge-pi-e2e-"));
  const agentDir = join(root, "agent");
  const home = join(root, "home");
  const cwd = join(root, "cwd");
  await Promise.all([mkdir(agentDir, { recursive: true }), mkdir(home, { recursive: true }), mkdir(cwd, { recursive: true })]);
  const models = {
    providers: {
      [FAKE_PROVIDER]: {
        baseUrl: options.baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [
          {
            id: FAKE_MODEL,
            name: "Fake Model",
            reasoning: false,
            input: ["text"],
            contextWindow: 128_000,
            maxTokens: 4_096,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            ...(options.compat ? { compat: options.compat } : {}),
            ...options.model,
          },
          ...(options.extraModels ?? []).map((extra) => ({
            name: extra.id,
            reasoning: false,
            input: ["text"],
            contextWindow: 128_000,
            maxTokens: 4_096,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            ...extra,
          })),
        ],
      },
    },
  };
  await writeFile(join(agentDir, "models.json"), JSON.stringify(models, null, 2));
  if (options.settings) await writeFile(join(agentDir, "settings.json"), JSON.stringify(options.settings, null, 2));
  const writeUnder = async (dir: string, path: string, content: string) => {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  for (const [path, content] of Object.entries(options.agentFiles ?? {})) await writeUnder(agentDir, path, content);
  for (const [path, content] of Object.entries(options.cwdFiles ?? {})) await writeUnder(cwd, path, content);

  const vars: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!DROPPED_VARS.test(key)) vars[key] = value;
  // The user's caches and config stay out of reach too: XDG's defaults are under HOME, but a set variable would win.
  for (const key of ["XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"]) delete vars[key];
  Object.assign(vars, { PI_CODING_AGENT_DIR: agentDir, HOME: home, PI_OFFLINE: "1", NO_COLOR: "1" });

  return {
    root,
    agentDir,
    home,
    cwd,
    provider: FAKE_PROVIDER,
    model: FAKE_MODEL,
    vars,
    writeCwdFile: (path, content) => writeUnder(cwd, path, content),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
