export * from "./traits";
export * from "./character";
