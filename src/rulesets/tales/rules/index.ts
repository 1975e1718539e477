export * from "./test";
export * from "./odds";
export * from "./modifiers";
export * from "./counted-rolls";
