// One e2e file's shared fake server and isolated Pi envs, registered in beforeAll/afterAll and cleaned up after the file.
import { afterAll, afterEach, beforeAll } from "vitest";
import { startFakeServer, type FakeServer } from "../../../scripts/demo/fake-server.js";
import { createPiEnv, type PiEnv, type PiEnvOptions } from "../../../scripts/demo/pi-env.js";
import { killLeftoverPi } from "../../../scripts/demo/pi-host.js";

export interface PiSuite {
  readonly server: FakeServer;
  /** A fresh isolated env (own agent dir, home, cwd), removed after the file. */
  env(options?: Omit<PiEnvOptions, "baseUrl">): Promise<PiEnv>;
}

/** `cwdFiles` are written into every env's cwd (the options' own cwdFiles win per path). */
export function piSuite(cwdFiles: Record<string, string> = {}): PiSuite {
  let server: FakeServer | undefined;
  const envs: PiEnv[] = [];
  beforeAll(async () => {
    server = await startFakeServer();
  });
  // A test that failed (a timeout, an assertion mid-run) may leave its Pi running: it would send its requests into the
  // next test's server log. Its processes go with it (a pooled one too: harness/rpc-pool.ts starts another).
  afterEach((context) => {
    if (context.task.result?.state === "fail") killLeftoverPi();
  });
  afterAll(async () => {
    killLeftoverPi();
    await server?.close();
    await Promise.all(envs.map((env) => env.cleanup()));
  });
  return {
    get server() {
      if (!server) throw new Error("fake server not started");
      return server;
    },
    async env(options = {}) {
      const env = await createPiEnv({ baseUrl: this.server.baseUrl, ...options, cwdFiles: { ...cwdFiles, ...options.cwdFiles } });
      envs.push(env);
      return env;
    },
  };
}
