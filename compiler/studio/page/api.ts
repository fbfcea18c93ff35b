// The page's requests to its server: JSON over same-origin fetch (the access cookie goes along by itself).
import type { ComposeData, DiffData, HostKind, SourceData, StateData, TestsData } from "../model/studio-api.js";

async function getJson<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(query === "" ? path : `${path}?${query}`, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `${path}: HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

export const api = {
  state: () => getJson<StateData>("/api/state"),
  compose: (names: string[], host: HostKind, as?: "preset" | "modes") =>
    getJson<ComposeData>("/api/compose", { names: names.join(" "), host, ...(as ? { as } : {}) }),
  diff: (a: string, b: string) => getJson<DiffData>("/api/diff", { a, b }),
  source: (file: string) => getJson<SourceData>("/api/source", { file }),
  tests: () => getJson<TestsData>("/api/tests"),
};
