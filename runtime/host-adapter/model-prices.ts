// A model's catalog prices as both hosts hand them over: `model.cost` with `input`, `output`, `cacheRead` and
// `cacheWrite` in dollars per million tokens (Pi's model catalog and models.json), on ctx.model and modelRegistry.find.
import type { ModelPrices } from "../../core/usage-prices.js";
import type { CtxPort, ModelRef } from "./ports.js";

const price = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

/** The prices of `model`; null when it has none or any of the four is not a price (a catalog entry is data). */
export function modelPrices(model: ModelRef | null | undefined): ModelPrices | null {
  const cost = model?.cost as Record<string, unknown> | null | undefined;
  if (cost === null || typeof cost !== "object") return null;
  const [input, output, cacheRead, cacheWrite] = [price(cost.input), price(cost.output), price(cost.cacheRead), price(cost.cacheWrite)];
  if (input === null || output === null || cacheRead === null || cacheWrite === null) return null;
  return { input, output, cacheRead, cacheWrite };
}

/** The catalog prices of `provider`/`modelId` (a model the branch used); null when the registry does not know it. */
export function catalogPrices(ctx: Pick<CtxPort, "modelRegistry" | "model">, provider: string | null, modelId: string | null): ModelPrices | null {
  if (provider === null || modelId === null) return null;
  if (ctx.model?.provider === provider && ctx.model.id === modelId) return modelPrices(ctx.model);
  try {
    return modelPrices(ctx.modelRegistry?.find(provider, modelId));
  } catch {
    return null; // a registry that throws knows no price: the report says the spend is unknown
  }
}
