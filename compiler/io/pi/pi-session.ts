// One test's session in a running Pi (RPC): a new session, the test's model, its selection and blocks, as a user
// would type them. Shared by forge test --pi and --model.
import type { PromptTest } from "../../prompt-tests/test-case.js";
import type { PiRpc } from "./pi-rpc.js";

/** Generous: a loaded 2-core machine answers in seconds, not milliseconds. */
export const STEP_MS = 60_000;

/** The command that selects a test's selection (confirming a replace_final base, as a headless run must). */
function selectCommand(test: Pick<PromptTest, "preset" | "modes">): string {
  return test.preset !== null ? `/preset use ${test.preset} --confirm-exact` : `/mode set ${(test.modes ?? []).join(" ")} --confirm-exact`;
}

/** Sends an extension command and returns forge's notice for it (every forge command ends with exactly one). */
export async function command(rpc: PiRpc, text: string): Promise<string> {
  const from = rpc.mark();
  await rpc.send({ type: "prompt", message: text }, STEP_MS);
  const notice = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "notify" && String(r.message).startsWith("forge:"), from, STEP_MS);
  return String(notice.message);
}

/**
 * A fresh session for `test`: new_session, its model when `current` differs (returns the model now set), its
 * selection and its blocks. `refused`: the selection's notice when forge did not take it (null when it did).
 */
export async function prepareSession(rpc: PiRpc, test: PromptTest, current: string): Promise<{ model: string; refused: string | null }> {
  await rpc.send({ type: "new_session" }, STEP_MS);
  if (test.inputs.model !== current) {
    const slash = test.inputs.model.indexOf("/");
    const set = await rpc.send({ type: "set_model", provider: test.inputs.model.slice(0, slash), modelId: test.inputs.model.slice(slash + 1) }, STEP_MS);
    if (set.success !== true) throw new Error(`Pi refused the model ${test.inputs.model}: ${JSON.stringify(set.error ?? set)}`);
  }
  const selected = await command(rpc, selectCommand(test));
  for (const id of test.updates) await command(rpc, `/system-update use ${id}`);
  return { model: test.inputs.model, refused: selected.startsWith("forge: active") ? null : selected };
}

/** Sends the prompt and waits for the run's end; returns the agent_end record and the mark before the prompt. */
export async function runPrompt(rpc: PiRpc, prompt: string, timeoutMs = STEP_MS): Promise<{ end: Record<string, unknown>; from: number }> {
  const from = rpc.mark();
  const response = await rpc.send({ type: "prompt", message: prompt }, STEP_MS);
  if (response.success !== true) throw new Error(`Pi refused the prompt: ${JSON.stringify(response.error ?? response)}`);
  return { end: await rpc.waitFor((r) => r.type === "agent_end", from, timeoutMs), from };
}
