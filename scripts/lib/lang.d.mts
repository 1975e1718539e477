export function mergeLanguage(dir: string): { lang: Record<string, unknown>; problems: string[] };
