export * from "./dice";
export * from "./odds";
export * from "./pools";
