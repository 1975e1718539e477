export * from "./traits";
export * from "./character";
export * from "./damage";
export * from "./health";
export * from "./combat";
