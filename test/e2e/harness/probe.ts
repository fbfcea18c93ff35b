// Helpers for reading what the probe extension reported and for comparing prompts across a day boundary.
import { fileURLToPath } from "node:url";

export const PROBE_EXTENSION = fileURLToPath(new URL("../fixtures/probe-extension.ts", import.meta.url));
export const CHAIN_EXTENSION = fileURLToPath(new URL("../fixtures/chain-extension.ts", import.meta.url));

/** One `FORGE_PROBE {json}` line the probe writes to stderr per before_agent_start. */
export interface ProbeReport {
  strategy: string;
  node: string;
  trust: boolean | null;
  effective: string;
}

export function probeReports(stderr: string): ProbeReport[] {
  return stderr
    .split("\n")
    .filter((line) => line.startsWith("FORGE_PROBE "))
    .map((line) => JSON.parse(line.slice("FORGE_PROBE ".length)) as ProbeReport);
}

/** Pi 0.73.1 stamps the local date into the prompt; blank it so runs on either side of midnight compare equal. */
export function withoutDate(prompt: string): string {
  return prompt.replace(/\nCurrent date: \d{4}-\d{2}-\d{2}(?=\n|$)/g, "\nCurrent date: <date>");
}
