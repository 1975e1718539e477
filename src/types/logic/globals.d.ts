/**
 * The one host global the Foundry-free layers may use besides the language's own: structured
 * cloning, which browsers and Node both provide. Read only by `tsconfig.logic.json`.
 */
declare function structuredClone<T>(value: T): T;
