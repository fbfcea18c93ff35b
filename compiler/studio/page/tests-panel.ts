// The Tests view: forge test's pure tier on the sources, one row per test and host with its status and failures; a
// failing snapshot's unified diff (with the token change) opens in a dialog.
import type { TestRow, TestsData } from "../model/studio-api.js";
import { api } from "./api.js";
import { byId, el, fill, row, table } from "./dom.js";

/** The diff as lines, each coloured by what it is (and marked by its first character, so colour is not the only cue). */
function diffBlock(diff: string): HTMLElement {
  return el(
    "pre",
    { class: "test-diff", id: "test-diff-text" },
    diff
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => {
        const kind = line.startsWith("@@")
          ? "hunk"
          : line.startsWith("+") && !line.startsWith("+++")
            ? "insert"
            : line.startsWith("-") && !line.startsWith("---")
              ? "delete"
              : "";
        return el("span", { class: `diff-line ${kind}` }, [`${line}\n`]);
      }),
  );
}

function openDiff(r: TestRow): void {
  const dialog = byId<HTMLDialogElement>("test-diff-dialog");
  const snap = r.snapshot!;
  fill(byId("test-diff-title"), [`${r.test} on ${r.host}: ${snap.file}`]);
  fill(byId("test-diff-body"), [
    el("p", { id: "test-diff-tokens" }, [snap.tokens === null ? "The snapshot cannot be read." : `Tokens: ${snap.tokens}`]),
    diffBlock(snap.diff),
  ]);
  if (!dialog.open) dialog.showModal();
}

function testRow(r: TestRow): HTMLTableRowElement {
  const diff = r.snapshot === null ? null : el("button", { attrs: { type: "button", "data-diff": r.id }, onClick: () => openDiff(r) }, ["Show snapshot diff"]);
  return row(
    [
      [r.test],
      [r.host],
      [el("span", { class: `status ${r.status === "passed" ? "ok" : "failed"}` }, [r.status])],
      [
        r.failures.length === 0
          ? ""
          : el(
              "ul",
              { class: "failures" },
              r.failures.map((f) => el("li", {}, [f])),
            ),
        diff,
      ],
      [el("code", {}, [r.location])],
    ],
    { class: "test-row", attrs: { "data-test": r.test, "data-host": r.host, "data-status": r.status } },
  );
}

export function renderTests(data: TestsData): void {
  const { passed, failed, skipped } = data.summary;
  fill(byId("tests-summary"), [
    el("p", { class: `status ${failed + skipped > 0 || data.problem !== null ? "failed" : "ok"}`, id: "tests-status" }, [
      `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} not run` : ""}`,
      data.problem === null ? "" : ` · ${data.problem}`,
    ]),
  ]);
  fill(
    byId("tests-table"),
    data.rows.length === 0
      ? []
      : [table("Tests, each on its hosts (pure tier: forge test)", ["test", "host", "status", "failures", "where"], data.rows.map(testRow))],
  );
}

export async function refreshTests(): Promise<void> {
  try {
    renderTests(await api.tests());
  } catch (err) {
    fill(byId("tests-summary"), [el("p", { class: "status failed" }, [(err as Error).message])]);
  }
}

export function setupTests(): void {
  const dialog = byId<HTMLDialogElement>("test-diff-dialog");
  byId("test-diff-close").addEventListener("click", () => dialog.close());
}
