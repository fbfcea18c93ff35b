// The session bench's report of one row: the figures it prints, its row of the Performance table and its detail cells,
// from the recorded requests and Pi's recorded usage (bench/updates-session.mjs runs the sessions).
import { tsImport } from "tsx/esm/api";

const shared = (file) => tsImport(`../../test/shared/${file}`, import.meta.url);
const { messageText } = await tsImport("../../scripts/demo/fake-server.ts", import.meta.url);
const { requestText } = await tsImport("../../scripts/demo/prefix-cache.ts", import.meta.url);
const { naiveBody, recordedShares, sentFromBody, sideFigures, uncachedByCause } = await shared("session-figures.ts");
const { toldView } = await shared("told-view.ts");

const n = (x) => x.toLocaleString("en-US");
export const pct = (x) => `${(x * 100).toFixed(1)}%`;

/** "4 (mode x3, compaction x1)": the rewrites counted by what happened in their gap (update changes beside others are left out). */
function describeRewrites(rewrites) {
  if (rewrites.length === 0) return "none";
  const counts = new Map();
  for (const r of rewrites) {
    const cause = r.causes.filter((c) => c !== "update").join("+") || (r.causes.includes("update") ? "update" : "unexplained");
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return `${rewrites.length} (${[...counts].map(([c, k]) => `${c} ×${k}`).join(", ")})`;
}

/** `shape`: the script's turns and step counts, and the cache-share target. */
export function report(label, { requests, usages, cost }, { turns: TURNS, stepCounts: STEP_COUNTS, target: TARGET_SHARE }) {
  const forge = sideFigures(requests, (b) => b);
  const naive = sideFigures(requests, naiveBody);
  const recorded = recordedShares(requests, usages);
  const conversation = requests.filter((r) => r.kind === "turn").length;
  const unannounced = forge.rewrites.filter((r) => !r.announced);
  const unexplained = forge.rewrites.filter((r) => !r.causes.some((c) => c === "mode" || c === "model" || c === "compaction"));
  const turns = requests.filter((r) => r.kind === "turn");
  const average = Math.round(turns.reduce((sum, r) => sum + requestText(r.body).length, 0) / turns.length);
  const prompt = Math.round(turns.reduce((sum, r) => sum + messageText(r.body.messages[0]).length, 0) / turns.length);
  console.log(
    `${label}: ${conversation} requests (+${requests.length - conversation} summarization), ${n(average)} chars on average (system prompt ${n(prompt)})`,
  );
  console.log(
    `  rewritten chars: forge ${n(forge.rewritten)} (update changes: ${n(forge.rewrittenByUpdates)}), naive ${n(naive.rewritten)} (update changes: ${n(naive.rewrittenByUpdates)})`,
  );
  console.log(
    `  served from cache, simulated (the provider's rule, a cache per model): forge ${pct(forge.cacheShare)}, naive ${pct(naive.cacheShare)} (append-only ceiling ${pct(forge.appendOnlyShare)})`,
  );
  console.log(
    `  served from cache, Pi's recorded usage: forge ${pct(recorded.counted)} (every request: ${pct(recorded.all)})${forge.cacheShare === recorded.counted ? ", as simulated" : ", NOT as simulated"}`,
  );
  console.log(
    `  on the requests that do not follow a model switch: forge ${pct(forge.sameModelShare)} (recorded ${pct(recorded.sameModel)}), naive ${pct(naive.sameModelShare)}, append-only ceiling ${pct(forge.sameModelCeiling)}`,
  );
  const misses = uncachedByCause(requests, usages);
  console.log(
    `  not served from cache, by Pi's recorded usage: ${Object.entries(misses)
      .map(([cause, share]) => `${pct(share)} after ${cause}`)
      .join(", ")}`,
  );
  console.log(
    `  prefix rewrites: forge ${describeRewrites(forge.rewrites)}, ${unannounced.length === 0 ? "each announced by a cache-impact notice" : `${unannounced.length} NOT announced`}; naive ${describeRewrites(naive.rewrites)}`,
  );
  for (const r of forge.rewrites)
    console.log(`    request ${r.request}: ${n(r.chars)} chars, ${r.causes.join("+") || "no cause"}${r.announced ? ", announced" : ", NOT announced"}`);
  // /forge cost sums every usage Pi recorded on the branch (conversation turns, and on 1.x the compaction summaries too).
  const turnsReported = requests.filter((r) => r.kind === "turn").map((r) => r.reported);
  const summed = (list) => list.reduce((a, u) => a + u.prompt_tokens, 0);
  const costInput = cost ? cost.tokens.input + cost.tokens.cacheRead + cost.tokens.cacheWrite : NaN;
  const matches =
    costInput === summed(turnsReported)
      ? "the conversation requests' reports"
      : costInput === summed(requests.map((r) => r.reported))
        ? "every report, summaries included"
        : "NO report sum";
  console.log(
    `  /forge cost: ${cost ? `${pct(cost.cacheShare)} served from cache; prefix rewrites ${cost.rewrites.total} (after forge's actions ${cost.rewrites.forge + cost.rewrites.both}, after model switches or compaction ${cost.rewrites.user + cost.rewrites.both}, unexplained ${cost.rewrites.unexplained}); its input tokens equal ${matches}` : "NO REPORT"}`,
  );
  // The model test's reader over every request Pi sent: an update told twice, or retracted the wrong way, shows here.
  const violations = turns.flatMap((r) => toldView(sentFromBody(r.body)).violations);
  console.log(
    `  read back as the model reads them: ${violations.length === 0 ? "no update told twice, none retracted the wrong way" : `${violations.length} VIOLATIONS: ${violations.slice(0, 3).join("; ")}`}`,
  );
  const targets = [
    [`0 chars rewritten by update changes`, forge.rewrittenByUpdates === 0],
    [`every prefix rewrite caused by a mode switch, a model switch or the compaction, and announced`, unannounced.length + unexplained.length === 0],
    // Where forge is the cause: not after a model switch, whose first request the provider serves from another model's
    // cache (cold, or as old as that model's last request). The share over every counted request is beside it.
    [
      `≥ ${pct(TARGET_SHARE)} served from cache by Pi's recorded usage where forge is the cause (requests not after a model switch)`,
      recorded.sameModel >= TARGET_SHARE,
    ],
  ];
  console.log(`  targets: ${targets.map(([t, met]) => `${t}: ${met ? "met" : "MISSED"}`).join("; ")}`);
  const row = {
    what: `${TURNS}-turn session on ${label}: ${STEP_COUNTS}`,
    run: "one run",
    figure: `served from cache ${pct(recorded.counted)} by Pi's recorded usage (as simulated: ${forge.cacheShare === recorded.counted ? "equal" : "NOT equal"}), of an append-only ceiling of ${pct(forge.appendOnlyShare)}; not served: ${Object.entries(
      misses,
    )
      .map(([cause, share]) => `${pct(share)} after ${cause}`)
      .join(
        ", ",
      )}; ${pct(recorded.sameModel)} by Pi's recorded usage on requests not after a model switch, of a ${pct(forge.sameModelCeiling)} ceiling; ${n(forge.rewrittenByUpdates)} chars rewritten by update changes; prefix rewrites ${describeRewrites(forge.rewrites)}${unannounced.length === 0 ? ", each announced" : `, ${unannounced.length} not announced`}`,
    baseline: `naive, simulated from the same requests: ${pct(naive.cacheShare)} served, ${n(naive.rewrittenByUpdates)} chars rewritten by update changes, ${naive.rewrites.length} prefix rewrites`,
    target: `${targets.map(([t]) => t).join("; ")}${
      targets.some(([, met]) => !met)
        ? ` (missed: ${targets
            .filter(([, met]) => !met)
            .map(([t]) => t)
            .join("; ")})`
        : ""
    }`,
    met: targets.every(([, met]) => met),
    values: {
      simulatedShare: forge.cacheShare,
      sameModelShare: forge.sameModelShare,
      sameModelCeiling: forge.sameModelCeiling,
      recordedShare: recorded.counted,
      recordedSameModel: recorded.sameModel,
      recordedShareAll: recorded.all,
      ceiling: forge.appendOnlyShare,
      naiveShare: naive.cacheShare,
      rewritten: forge.rewritten,
      rewrittenByUpdates: forge.rewrittenByUpdates,
      rewrites: forge.rewrites.length,
      naiveRewritten: naive.rewritten,
      naiveRewrittenByUpdates: naive.rewrittenByUpdates,
      naiveRewrites: naive.rewrites.length,
      averageChars: average,
      promptChars: prompt,
    },
  };
  const cells = [
    label,
    `${n(forge.rewritten)} (updates: ${n(forge.rewrittenByUpdates)})`,
    `${n(naive.rewritten)} (updates: ${n(naive.rewrittenByUpdates)})`,
    pct(forge.cacheShare),
    pct(recorded.counted),
    pct(naive.cacheShare),
    pct(forge.appendOnlyShare),
    pct(recorded.sameModel),
    pct(forge.sameModelCeiling),
    describeRewrites(forge.rewrites),
    describeRewrites(naive.rewrites),
  ];
  return { row, cells, ok: targets[0][1] && targets[1][1] && violations.length === 0 };
}
