export * from "./keys";
export * from "./check";
export * from "./odds";
export * from "./checks";
export * from "./character";
export * from "./creation";
export * from "./tables";
