// The constructors of the codes a bundle load reports (the Pi extension at startup, forge build reading outer layers),
// each defined in its catalog file (catalog/); importing them here keeps summaries and examples out of the extension.
export { bundleRefused } from "./catalog/bundle-refused.js";
export { layerRefused } from "./catalog/layer-refused.js";
export { bundlePatternMismatch } from "./catalog/bundle-pattern-mismatch.js";
