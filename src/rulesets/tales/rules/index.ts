export * from "./traits";
export * from "./character";
export * from "./test";
export * from "./odds";
export * from "./damage";
export * from "./health";
export * from "./combat";
