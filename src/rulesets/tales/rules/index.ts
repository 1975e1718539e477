export * from "./traits";
export * from "./character";
export * from "./damage";
export * from "./health";
