// One forge test as forge test runs it: its selection, hosts, fixed inputs (defaults filled in) and where it is written.
import type { Position } from "../../core/diagnostic.js";
import type { PromptTestAssertions, PromptTestExpectations, TestHost } from "../../generated/types.js";

export type HostId = TestHost;

/** Both hosts, in the order results are reported. */
export const HOST_IDS: readonly HostId[] = ["pi-0.73", "pi-1"];

/** The user prompt forge test --pi sends when a test gives none. */
export const DEFAULT_PROMPT = "forge test";

/** The inputs a test leaves out: the same on every machine, so a prompt composed here is composed everywhere. */
export const DEFAULT_INPUTS = { cwd: "/repo", model: "forge-test/capture", os: "linux", date: "2026-01-15", time: "09:30" } as const;

/** A test's fixed inputs, defaults filled in. */
export interface TestInputs {
  /** The working directory the prompt shows: the project root. */
  cwd: string;
  /** provider/model-id. */
  model: string;
  os: string;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
  /** Paths the agent read before the prompt, relative to the project root. */
  touched: string[];
}

export interface PromptTest {
  /** The test file, posix and relative to the forge root (tests/shipping.yaml). */
  file: string;
  /** Its place in the file's `tests` list. */
  index: number;
  name: string;
  /** Where the test starts (its `name`), for annotations and JUnit. */
  at: Position;
  preset: string | null;
  modes: string[] | null;
  updates: string[];
  hosts: HostId[];
  prompt: string;
  inputs: TestInputs;
  assert: PromptTestAssertions;
  expect: PromptTestExpectations | null;
}

/** The local Date of a test's date and time (forge renders {{date}} and {{time}} from it, as the runtime does from now). */
export function inputsDate(inputs: Pick<TestInputs, "date" | "time">): Date {
  const [y, m, d] = inputs.date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = inputs.time.split(":").map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm);
}

/** The model of the inputs as Pi names it: provider and id (the id may hold slashes). */
export function modelOf(inputs: Pick<TestInputs, "model">): { provider: string; id: string } {
  const slash = inputs.model.indexOf("/");
  return { provider: inputs.model.slice(0, slash), id: inputs.model.slice(slash + 1) };
}

/** "shipping on pi-1": how reports name one result. */
export function resultName(test: Pick<PromptTest, "name">, host: HostId): string {
  return `${test.name} on ${host}`;
}
