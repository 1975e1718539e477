/**
 * Getting the Drop in Foundry (tracker-drop-logic.ts holds the contest): the GM's button in the combat
 * tracker before the first round (`decorateDropControl`), its dialog (who tries; the outcome live),
 * and the contest itself (`getTheDrop`, also a macro): the winner gets a round 0 of one action before
 * anyone else (the tracker shows it on the winner's row) and −3 on the next initiative roll (already
 * rolled for the first round: that roll takes it now); the contest is posted (each contender's
 * DEX + ACU, the outcome) and recorded on the combat, so it is offered once.
 */
import { placeTrackerControl, removeTrackerControl } from "../../../core/combat-tracker";
import { flagPath, rulesetFlag } from "../../../core/flags";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { livingSystem } from "../data/systems";
import { firstRoundState } from "../rules";
import { readInitiative } from "./round-logic";
import {
  dropDialogModel,
  dropOutcome,
  droppedInitiative,
  offersDrop,
  outcomeText,
  scoreText,
  tryingOf,
  type DropContender,
} from "./tracker-drop-logic";
import {
  DROP_PATH,
  INITIATIVE_PATH,
  ROUND_PATH,
  XS,
  isLiving,
  type AnyActor,
  type AnyCombat,
} from "./shared";

const KEY = "POLYVERSE.XeroSum.Attack.Drop";
const OLD = "POLYVERSE.XeroSum.Fight.Initiative";
/** The combat's record of its contest (`flags.polyverse.xero-sum.dropContest`: `{ winner }`). */
const CONTEST_FLAG = "dropContest";
const CONTROL = "pv-xs-drop-control";

const warn = (key: string): null => {
  ui.notifications?.warn(localize(key));
  return null;
};

/** Whether the combat's Drop was decided (a winner or nobody). */
export const dropDecided = (combat: AnyCombat): boolean =>
  rulesetFlag(combat, XS, CONTEST_FLAG) !== undefined;

/** The combat's living combatants as contenders: DEX and ACU after Lasting Wounds. */
export function contendersOf(combat: AnyCombat, ids: readonly string[] | null = null): DropContender[] {
  return combat.combatants.contents
    .filter((c) => (ids ? ids.includes(c.id!) : true) && isLiving(c.actor))
    .map((c) => {
      const a = livingSystem(c.actor as AnyActor).derived.attributes;
      return { id: c.id!, name: c.name ?? c.actor?.name ?? "", dex: a.dex, acu: a.acu };
    });
}

/** Post the contest: each contender's score and the outcome (what the winner gets). */
async function postContest(contenders: DropContender[], winner: string | null, rollMode: string | null) {
  const outcome = dropOutcome(contenders);
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  const lines = outcome.scores.map((s) => `<li>${esc(`${s.name}: ${scoreText(s, localize)}`)}</li>`);
  const name = outcome.scores.find((s) => s.id === winner)?.name ?? "";
  const effect = winner ? localize(`${OLD}.DropWinner`, { name }) : localize(`${OLD}.DropNobody`);
  await ChatMessage.implementation.create(
    {
      content: `<div class="polyverse pv-xs-drop"><h3>${esc(localize(`${KEY}.Title`))}</h3><ul>${lines.join("")}</ul><p>${esc(outcomeText(outcome, localize))}</p><p>${esc(effect)}</p></div>`,
      speaker: { alias: localize(`${OLD}.Speaker`) },
    } as never,
    (rollMode ? { rollMode } : {}) as never,
  );
}

/**
 * Getting the Drop (the GM, before the first round, once a combat): among the contenders (combatant
 * ids; default every combatant), the highest DEX + ACU gets one action in a round 0 and −3 on the next
 * initiative roll (one already rolled for the first round takes it now); a tie gives it to nobody.
 * The contest is posted. Returns the winner's combatant id, or null (also when refused).
 */
export async function getTheDrop(
  combat: AnyCombat | null = null,
  ids: readonly string[] | null = null,
  rollMode: string | null = null,
): Promise<string | null> {
  const c = (combat ?? game.combat) as AnyCombat | null;
  if (!c || !game.user?.isGM) return warn(`${OLD}.DropGM`);
  if ((c.round ?? 0) > 0) return warn(`${OLD}.DropStarted`);
  if (dropDecided(c)) return warn(`${KEY}.Decided`);
  const contenders = contendersOf(c, ids);
  if (!contenders.length) return warn(`${KEY}.NobodyTrying`);
  const winner = dropOutcome(contenders).winner;
  if (winner) {
    const combatant = c.combatants.get(winner);
    const rolled = droppedInitiative(
      readInitiative(combatant ? rulesetFlag(combatant, XS, "initiative") : null),
    );
    await c.updateEmbeddedDocuments("Combatant", [
      {
        _id: winner,
        [ROUND_PATH]: firstRoundState(0),
        // Rolled already for the first round: that roll takes the −3 now; else the next roll does.
        ...(rolled
          ? { initiative: rolled.total, [INITIATIVE_PATH]: rolled, [DROP_PATH]: false }
          : { [DROP_PATH]: true }),
      },
    ] as never);
  }
  await c.update({ [flagPath(XS, CONTEST_FLAG)]: { winner } } as never);
  await postContest(contenders, winner, rollMode);
  return winner;
}

/** The GM ticks who tries in the dialog (or all, with the skip key), then the contest is held. */
export async function askTheDrop(combat: AnyCombat | null = null, event: Event | null = null) {
  const c = (combat ?? game.combat) as AnyCombat | null;
  if (!c || !game.user?.isGM) return warn(`${OLD}.DropGM`);
  const contenders = contendersOf(c);
  const chosen = await chooseRoll(dropDialogModel(contenders, localize), { event });
  if (!chosen) return null;
  const ids = tryingOf(contenders, chosen.state).map((t) => t.id);
  return getTheDrop(c, ids, chosen.rollMode || null);
}

/** The tracker's "Getting the Drop" button: for the GM, before the first round, while undecided. */
export function decorateDropControl(combat: AnyCombat, root: HTMLElement): void {
  const offered = offersDrop({
    gm: Boolean(game.user?.isGM),
    round: combat.round ?? 0,
    decided: dropDecided(combat),
    combatants: contendersOf(combat).length,
  });
  if (!offered) return removeTrackerControl(root, CONTROL);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pv-xs-drop-button";
  button.dataset.tooltip = localize(`${KEY}.Hint`);
  button.innerHTML = `<i class="fa-solid fa-person-running" inert></i> `;
  button.append(localize(`${KEY}.Button`));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    void askTheDrop(combat, event);
  });
  placeTrackerControl(root, CONTROL, button);
}
