export * from "./keys";
export * from "./experience";
export * from "./check";
export * from "./odds";
export * from "./outcomes";
export * from "./saves";
export * from "./combining";
export * from "./multistage";
