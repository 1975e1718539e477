/**
 * Numbers, percentages and plural forms in the user's language, Foundry-free. Core's i18n.ts sets
 * the language once Foundry knows it (`i18nInit`: `game.i18n.lang`, and the percent pattern from
 * `POLYVERSE.Format.Percent`); until then, and in tests that set nothing, it is English. Everything
 * a user reads with decimals or as a percentage (odds in dialogs, distances, weights) goes through
 * {@link formatNumber} or {@link formatPercent}; a sentence whose wording depends on a count ("1
 * die", "2 dice") is written as two keys `<key>.one` and `<key>.other` (and whatever other forms a
 * language needs: `zero`, `two`, `few`, `many`) and picked by {@link pluralKey}.
 */

/** A message for the user: an i18n key and the values it formats in. */
export interface Message {
  key: string;
  data?: Readonly<Record<string, string | number>>;
  /** The number that picks the sentence's plural form (`<key>.one`, `<key>.other` ...). */
  count?: number;
}

const DEFAULT_LOCALE = "en";
const DEFAULT_PERCENT = "{n} %";

let locale = DEFAULT_LOCALE;
let percentPattern = DEFAULT_PERCENT;
/** Whether a key exists in the user's language (set with the locale; absent: every plural form is assumed). */
let keyExists: ((key: string) => boolean) | undefined;
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** A language tag Intl understands, else English (Foundry's lang is "en", "de", "pt-BR" ...). */
function supported(lang: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([lang]).length > 0 ? lang : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * Set the language numbers and plural forms follow, and the pattern a percentage is written in
 * (`{n}` the number: "{n} %" in English and German, "{n}%" where a language joins them).
 */
export function setDisplayLocale(
  lang: string,
  options: { percent?: string | undefined; has?: ((key: string) => boolean) | undefined } = {},
): void {
  locale = supported(lang || DEFAULT_LOCALE);
  percentPattern = options.percent?.includes("{n}") ? options.percent : DEFAULT_PERCENT;
  keyExists = options.has;
  numberFormats.clear();
  pluralRules.clear();
}

/** The language numbers follow now. */
export function displayLocale(): string {
  return locale;
}

/** How many decimals a number shows: at most `maximumFractionDigits` (default 2), at least `minimumFractionDigits`. */
export interface NumberFormatOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** Thousands separators (default on: "1,250" in English, "1.250" in German). */
  grouping?: boolean;
}

function numberFormat(options: NumberFormatOptions): Intl.NumberFormat {
  const max = options.maximumFractionDigits ?? 2;
  const min = Math.min(options.minimumFractionDigits ?? 0, max);
  const grouping = options.grouping ?? true;
  const id = `${locale}|${min}|${max}|${grouping}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
    });
    numberFormats.set(id, format);
  }
  return format;
}

/** A number in the user's language: "2.5" in English, "2,5" in German (at most 2 decimals by default). */
export function formatNumber(n: number, options: NumberFormatOptions = {}): string {
  if (!Number.isFinite(n)) return String(n);
  return numberFormat(options).format(n);
}

/** A fraction 0..1 as a percentage in the user's language: "85.7 %" ("85,7 %" in German). */
export function formatPercent(p: number, fractionDigits = 1): string {
  const n = formatNumber(p * 100, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return percentPattern.replace("{n}", n);
}

/**
 * A chance as the dialogs and cards show it: "85.7 %", "< 0.1 %" and "> 99.9 %" near the ends,
 * "0 %" and "100 %" at them.
 */
export function formatChance(p: number): string {
  const whole = (n: number) => percentPattern.replace("{n}", formatNumber(n, { maximumFractionDigits: 0 }));
  if (p <= 0) return whole(0);
  if (p >= 1) return whole(100);
  if (p < 0.001) return `< ${formatPercent(0.001)}`;
  if (p > 0.999) return `> ${formatPercent(0.999)}`;
  return formatPercent(p);
}

/** The plural category of a count in the user's language ("one", "other"; "few" in Polish ...). */
export function pluralCategory(count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The key of a sentence's plural form: `<key>.<category>` when the language has that form, else
 * `<key>.other` (every plural sentence has it). `has` says whether a key exists (default: the one
 * {@link setDisplayLocale} was given).
 */
export function pluralKey(
  key: string,
  count: number,
  has: ((key: string) => boolean) | undefined = keyExists,
): string {
  const form = `${key}.${pluralCategory(count)}`;
  return !has || has(form) ? form : `${key}.other`;
}

/**
 * A count as words in the user's language: `<key>.one` or `<key>.other` (...) with `{n}` the number
 * ("1 wound", "3 wounds"), for a sentence that counts several things at once ("{wounds}, {armors}").
 */
export function countText(
  localize: (key: string, data: Record<string, string>) => string,
  key: string,
  n: number,
): string {
  return localize(pluralKey(key, n), { n: formatNumber(n) });
}

/** A message's key, its plural form picked by its `count` (see {@link pluralKey}). */
export function messageKey(message: Message): string {
  return message.count === undefined ? message.key : pluralKey(message.key, message.count);
}

/** A message's values as text: numbers in the user's language. */
export function messageData(message: Message): Record<string, string> | undefined {
  if (!message.data) return undefined;
  return Object.fromEntries(
    Object.entries(message.data).map(([k, v]) => [k, typeof v === "number" ? formatNumber(v) : v]),
  );
}
