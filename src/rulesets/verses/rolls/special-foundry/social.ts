/**
 * 'Verses special tests in Foundry (see `../special.ts`): social responses (a society's ratings against the GM's factors).
 */
import { type SocialSituation } from "../../rules";
import { livingSystem, societySystem } from "../../data/systems";
import {
  SOCIAL_SITUATIONS,
  planSocialResponse,
  resolveSocialResponseRoll,
  type SocialResponseChoice,
  type SocietyRatings,
} from "../special";
import { socialResponseDialog, type SocietyRatingsOption } from "../special-dialogs";
import { ask, dialogBase, type AskOptions } from "./ask";
import { finish, living, refuse, rolled, type AnyActor, type PostChoice, type SpecialPosted } from "./post";
// ---- Social responses --------------------------------------------------------------------------

/** A society actor's ratings (TOL, MOB, JST). */
function societyRatings(society: AnyActor): SocietyRatings {
  const s = societySystem(society);
  return {
    name: society.name ?? "",
    tol: Number(s.tol ?? 0),
    mob: Number(s.mob ?? 0),
    jst: Number(s.jst ?? 0),
  };
}

/**
 * A social response (Social Responses): the character's side (SOC, CN, the society's TOL, MOB, JST
 * and Apparent Wealth, as the situation says) against the society's side (the GM's ratings), both
 * rolled, "If the contest resolves with more successes in the character's favor, the societal
 * response is more positive for the character". The society is `choice.society` (an actor or its
 * ratings), else the world's only society actor. No document changes.
 */
export async function rollSocialResponse(
  actor: AnyActor,
  situation: SocialSituation,
  choice: SocialResponseChoice & PostChoice & { society?: AnyActor | SocietyRatings | null } = {},
): Promise<SpecialPosted | null> {
  if (!SOCIAL_SITUATIONS.includes(situation))
    return refuse({ key: "POLYVERSE.Verses.Social.Unknown", data: { situation: String(situation) } });
  let society = choice.society ?? null;
  if (!society) {
    const all = (game.actors?.contents ?? []).filter((a) => (a.type as string) === "verses-society");
    if (all.length !== 1) return refuse({ key: "POLYVERSE.Verses.Social.NoSociety" });
    society = all[0] as unknown as AnyActor;
  }
  const ratings = "system" in society ? societyRatings(society) : society;
  const plan = planSocialResponse(living(actor), ratings, situation, choice);
  if (!plan.ok) return refuse(plan.reason);
  const favour = await rolled(plan.value.favour, actor);
  const against = await rolled(plan.value.against, actor);
  const result = resolveSocialResponseRoll(plan.value, favour.faces, against.faces, {
    character: actor.name ?? "",
    society: ratings.name,
  });
  return finish(actor, [favour, against], result, choice);
}

/** The world's society actors with their ratings, by name. */
function societies(): { actor: AnyActor; option: SocietyRatingsOption }[] {
  return (game.actors?.contents ?? [])
    .filter((a) => (a.type as string) === "verses-society")
    .map((a) => {
      const actor = a as unknown as AnyActor;
      return { actor, option: { uuid: actor.uuid, ...societyRatings(actor) } };
    })
    .sort((a, b) => a.option.name.localeCompare(b.option.name));
}

/**
 * A social response, with the dialog (the situation, the society, the GM's ratings; the odds of a
 * more positive response). The Apparent Wealth starts at the character's own Wealth.
 */
export async function askSocialResponse(actor: AnyActor, options: AskOptions = {}) {
  const known = societies();
  const wealth = Number(livingSystem(actor).details?.wealth ?? 2);
  const dialog = socialResponseDialog(
    dialogBase(actor),
    known.map((s) => s.option),
    { characterWealth: wealth },
  );
  const choice = await ask(dialog, options);
  if (!choice) return null;
  const society = known.find((s) => s.option.uuid === choice.society)?.actor ?? null;
  if (!society) return refuse({ key: "POLYVERSE.Verses.Social.NoSociety" });
  return rollSocialResponse(actor, choice.situation, {
    society,
    factors: choice.factors,
    rollMode: choice.rollMode,
  });
}
