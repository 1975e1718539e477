export * from "./keys";
export * from "./experience";
