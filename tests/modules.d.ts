// The foundryvtt-cli ships no types; the tests use two of its functions.
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(src: string, dest: string, options?: Record<string, unknown>): Promise<void>;
  export function extractPack(src: string, dest: string, options?: Record<string, unknown>): Promise<void>;
}
