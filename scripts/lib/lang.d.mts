export function mergeLanguage(dir: string): { lang: Record<string, unknown>; problems: string[] };
/** The `{placeholders}` of a string, sorted and unique. */
export function placeholders(text: string): string[];
/** A translation's fragments against English's, file by file: the problems, each naming its file and key. */
export function compareLanguage(enDir: string, otherDir: string, only?: string[]): string[];
