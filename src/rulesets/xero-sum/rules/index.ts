export * from "./keys";
export * from "./equipment";
export * from "./damage";
export * from "./health";
export * from "./combat";
