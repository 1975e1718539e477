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
import { askedDialog, dialogBase, type AskOptions } from "./ask";
import {
  givenChoice,
  living,
  refuse,
  rolled,
  runSpecial,
  type AnyActor,
  type PostChoice,
  type SpecialPosted,
  type SpecialRolled,
} from "./post";
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
export function rollSocialResponse(
  actor: AnyActor,
  situation: SocialSituation,
  choice: SocialChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("social", actor, givenChoice(choice), (c) => socialRolled(actor, situation, c));
}

/** What a social response is asked with. */
type SocialChoice = SocialResponseChoice & PostChoice & { society?: AnyActor | SocietyRatings | null };

/** A social response planned, both sides rolled (the pipeline's `evaluate`). */
async function socialRolled(
  actor: AnyActor,
  situation: SocialSituation,
  choice: SocialChoice,
): Promise<SpecialRolled | null> {
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
  return { rolls: [favour, against], result, choice };
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
export function askSocialResponse(actor: AnyActor, options: AskOptions = {}) {
  const known = societies();
  return runSpecial(
    "social",
    actor,
    askedDialog(() => {
      const wealth = Number(livingSystem(actor).details?.wealth ?? 2);
      return socialResponseDialog(
        dialogBase(actor),
        known.map((s) => s.option),
        { characterWealth: wealth },
      );
    }, options),
    (choice) => {
      const society = known.find((s) => s.option.uuid === choice.society)?.actor ?? null;
      if (!society) return refuse({ key: "POLYVERSE.Verses.Social.NoSociety" });
      return socialRolled(actor, choice.situation, {
        society,
        factors: choice.factors,
        rollMode: choice.rollMode,
      });
    },
  );
}
