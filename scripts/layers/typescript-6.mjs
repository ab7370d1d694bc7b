// dependency-cruiser reads TypeScript with the compiler API, which TypeScript 7 (the project's
// compiler) does not publish yet: the layer check alone resolves "typescript" to TypeScript 6
// (the devDependency alias typescript-6). See docs/decisions/0015-layer-rules.md.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const mapped =
      specifier === "typescript" || specifier.startsWith("typescript/")
        ? specifier.replace(/^typescript/, "typescript-6")
        : specifier;
    return nextResolve(mapped, context);
  },
});
