export * from "./keys";
