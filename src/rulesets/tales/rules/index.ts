export * from "./traits";
export * from "./character";
export * from "./advantages";
export * from "./templates";
export * from "./chargen";
export * from "./xp";
export * from "./connections";
