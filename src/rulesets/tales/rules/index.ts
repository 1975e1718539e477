export * from "./test";
export * from "./odds";
