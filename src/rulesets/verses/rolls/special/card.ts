/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): The special test card's template context and the i18n keys it uses.
 */
import { formatChance } from "../../../../core/roll-dialog-model";
import { lineTextWith, type Localize } from "../../base/card-text";
import { ANIMAL_SKILLS, countSuccesses, sortSixesFirst, successProbability } from "../../rules";
import { type CardLine, type SpecialCard } from "./common";
// ---- applying changes ----------------------------------------------------------------------

// ---- the card ------------------------------------------------------------------------------

export type { Localize } from "../../base/card-text";

const learnedName = (skill: string) =>
  Object.hasOwn(ANIMAL_SKILLS, skill) ? ANIMAL_SKILLS[skill as keyof typeof ANIMAL_SKILLS].name : skill;

const dieView = (face: number) => ({ face, css: face === 6 ? "six" : face === 5 ? "five" : "miss" });

/**
 * The card template's context: every text localised. Values of a line's data that are i18n keys
 * (condition names) are localised first.
 */
export function specialCardContext(
  card: SpecialCard,
  {
    localize,
    flavor,
    pendingGM = [],
    learned = false,
  }: { localize: Localize; flavor?: string; pendingGM?: readonly string[]; learned?: boolean },
) {
  const text = (l: CardLine): string => lineTextWith(localize, l);
  const contest = card.sides.length > 1;
  return {
    kind: card.kind,
    contest,
    flavor: flavor || null,
    title: text(card.title),
    sides: card.sides.map((s) => {
      const count = countSuccesses(s.faces);
      const pool = s.faces.length;
      return {
        name: s.name,
        label: localize(s.label, s.labelData),
        dice: sortSixesFirst(s.faces).map(dieView),
        successes: localize(
          count.successes === 1 ? "POLYVERSE.Verses.Roll.SuccessesOne" : "POLYVERSE.Verses.Roll.Successes",
          { successes: String(count.successes), sixes: String(count.sixes), fives: String(count.fives) },
        ),
        target: s.target > 0 ? localize("POLYVERSE.Verses.Roll.Target", { target: String(s.target) }) : null,
        pool: localize("POLYVERSE.Verses.Roll.Pool", { pool: String(pool) }),
        chance:
          s.target > 0
            ? localize("POLYVERSE.Verses.Roll.Chance", {
                chance: formatChance(successProbability(pool, s.target)),
              })
            : null,
        parts: s.parts.map((p) => ({ label: localize(p.label, p.data), dice: p.dice })),
      };
    }),
    net: card.net ? card.net.map(dieView) : null,
    /** A contest that cancels dice (Influence) shows what is left; one that compares successes does not. */
    hasNet: card.net !== undefined,
    outcome: card.outcome,
    headline: text(card.headline),
    lines: card.lines.map(text),
    pendingGM: pendingGM.length
      ? localize("POLYVERSE.Verses.Tests.Card.PendingGM", { names: pendingGM.join(", ") })
      : null,
    continuousId: card.continuousId ?? null,
    // A finished course whose skill only the GM may add: the GM's button, until it is done.
    learnGM:
      card.learn && !learned
        ? localize("POLYVERSE.Verses.Training.PendingGM", {
            animal: card.learn.animalName,
            skill: learnedName(card.learn.skill),
          })
        : null,
    learnDone:
      card.learn && learned
        ? localize("POLYVERSE.Verses.Training.Added", {
            animal: card.learn.animalName,
            skill: learnedName(card.learn.skill),
          })
        : null,
    maintainable: Boolean(card.continuousId) && (card.kind === "continuous" || card.kind === "maintain"),
    continuesHealing: Boolean(card.continuousId) && card.kind === "healing",
  };
}

/** Every i18n key a card uses (for the tests: each must exist in the language file). */
export function cardKeys(card: SpecialCard): string[] {
  const keys = [card.title, card.headline, ...card.lines].flatMap((l) => [
    l.key,
    ...Object.values(l.data ?? {}).filter(
      (v): v is string => typeof v === "string" && v.startsWith("POLYVERSE."),
    ),
  ]);
  for (const s of card.sides) keys.push(s.label, ...s.parts.map((p) => p.label));
  return [...new Set(keys.filter((k) => k.startsWith("POLYVERSE.")))];
}
