/**
 * Placing and donating Bonus XP in Foundry (bonus-logic.ts).
 * - `placeBonus(actor)`: the character's owner (or a GM) places its Bonus XP in its skills and
 *   Darkness, in a dialog (or with `options.amounts`), at once on its own documents; XP put into
 *   Darkness is followed by the Integrity save against that many (darkness-save.ts). A card says what
 *   was placed. The chapter card's row offers it to each character's owner.
 * - `donateBonusXP(donor, recipient, amount)`: the donor's owner gives Bonus XP to another character,
 *   which the donor's owner may not update: the active GM does it (`virtually-real.donate`), from the
 *   documents: the requester must own the donor, both must be Virtually Real characters and not the
 *   same, the amount a whole number the donor has. The donor earns the donation's light. Each request
 *   is carried out once (core's relay never handles a request id twice).
 */
import { ownsActor } from "../../../core/actor-lookup";
import { localize } from "../../../core/i18n";
import { registerGMHandler, runAsGM } from "../../../core/relay";
import { onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { templatePath } from "../../../core/constants";
import { virtuallyRealRulesOptions } from "../base/settings";
import {
  bonusChoicesFrom,
  bonusDialogContext,
  bonusPlacement,
  donation,
  type BonusRefusal,
} from "./bonus-logic";
import { attributeLines, lightLines, xpLines } from "./play-card-logic";
import { postPlayCard } from "./play-card";
import { playActorOf } from "./play-actor";
import { rollDarknessSave } from "./darkness-save";
import { PLAY, vrLivingByUuid, warn, type AnyActor, type AnyUser, type Message } from "./shared";

const CHARACTER = "POLYVERSE.VirtuallyReal.Character";
export const DONATE_REQUEST = "virtually-real.donate";

const isCharacter = (actor: AnyActor | null): actor is AnyActor => actor?.type === "virtually-real-character";

/** A refusal of the rules as this user's words. */
export function refusalText(refusal: BonusRefusal): string {
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, String(v)]));
  const reason = localize(`${CHARACTER}.Refusal.${refusal.reason}`, data);
  return refusal.skill ? localize(`${PLAY}.Bonus.ForSkill`, { skill: refusal.skill, reason }) : reason;
}

async function placementDialog(actor: AnyActor): Promise<readonly (readonly [string, string])[] | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("virtually-real/dialogs/bonus.hbs"),
    bonusDialogContext(playActorOf(actor), localize) as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${PLAY}.Bonus.Title`, { name: actor.name }) },
    content,
    modal: true,
    rejectClose: false,
    buttons: [
      {
        action: "place",
        label: localize(`${PLAY}.Bonus.Confirm`),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form
            ? [...new FormData(button.form).entries()].map(([k, v]) => [k, String(v)] as const)
            : [],
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  return Array.isArray(answer) ? (answer as readonly (readonly [string, string])[]) : null;
}

export interface PlaceBonusOptions {
  /** Without the dialog: Bonus XP by skill item id, and into Darkness. */
  amounts?: Readonly<Record<string, number>>;
  darkness?: number;
  /** The click's event (passed on to the Integrity save's roll: the skip-dialog key). */
  event?: Event;
  /** Roll the Integrity save without its dialog. */
  skipDialog?: boolean;
}

/**
 * Place a character's Bonus XP (its owner or a GM): the dialog (or `options.amounts`), the rules'
 * refusal said, else the skills, attributes, Bonus XP and Darkness updated, a card posted, and the
 * Integrity save rolled for XP put into Darkness. Returns the card, or null.
 */
export async function placeBonus(actor: AnyActor, options: PlaceBonusOptions = {}): Promise<Message | null> {
  const user = game.user;
  if (!isCharacter(actor) || !user || !ownsActor(actor, user)) return warn("Card.NotYours");
  if (playActorOf(actor).bonusXP === 0) return warn("Bonus.None", { name: actor.name });
  let amounts: Map<string, number>;
  let darkness: number;
  if (options.amounts || options.darkness !== undefined) {
    amounts = new Map(Object.entries(options.amounts ?? {}));
    darkness = options.darkness ?? 0;
  } else {
    const entries = await placementDialog(actor);
    if (!entries) return null;
    ({ amounts, darkness } = bonusChoicesFrom(entries, playActorOf(actor)));
  }
  const placed = bonusPlacement(playActorOf(actor), amounts, darkness, {
    attribute: virtuallyRealRulesOptions().attribute,
  });
  if (!placed.ok) {
    ui.notifications?.warn(refusalText(placed.refusal));
    return null;
  }
  const p = placed.value;
  if (p.bonusXP.from === p.bonusXP.to) return null;
  for (const { _id, ...data } of p.items) await actor.items.get(_id)?.update(data as never);
  await actor.update(p.actor as never);
  const lines = [
    ...xpLines(p.xp),
    ...attributeLines(p.attributes),
    { key: `${PLAY}.Card.BonusXP`, data: { from: p.bonusXP.from, to: p.bonusXP.to } },
    ...(p.darkness
      ? [
          {
            key: `${PLAY}.Card.IntoDarkness`,
            data: { amount: p.darkness.amount, from: p.darkness.from, to: p.darkness.to, dl: p.darkness.dl },
          },
        ]
      : []),
  ];
  const message = await postPlayCard(
    {
      kind: "bonus",
      number: 0,
      title: { key: `${PLAY}.Card.Bonus.Title`, data: { name: actor.name } },
      lines: [],
      rows: [{ uuid: actor.uuid, name: actor.name, lines }],
    },
    actor,
  );
  if (p.darkness)
    await rollDarknessSave(actor, p.darkness.dl, {
      ...(options.event ? { event: options.event } : {}),
      ...(options.skipDialog ? { skipDialog: true } : {}),
    });
  return message;
}

/** The GM's side of a donation: everything from the documents; refused with a reason the donor sees. */
async function onDonate(payload: Payload, requester: AnyUser): Promise<void> {
  onlyKeys(payload, ["from", "to", "amount"]);
  const donor = await vrLivingByUuid(typeof payload.from === "string" ? payload.from : "");
  const recipient = await vrLivingByUuid(typeof payload.to === "string" ? payload.to : "");
  if (!isCharacter(donor) || !isCharacter(recipient)) refuse(`${PLAY}.Donate.NotCharacters`);
  if (!ownsActor(donor, requester)) refuse(`${PLAY}.Donate.NotYours`, { name: donor.name });
  if (donor.uuid === recipient.uuid) refuse(`${PLAY}.Donate.Self`);
  const amount = wholeNumber(payload.amount, 1, 9999);
  await applyDonation(donor, recipient, amount);
}

async function applyDonation(donor: AnyActor, recipient: AnyActor, amount: number): Promise<Message | null> {
  const given = donation(playActorOf(donor), playActorOf(recipient), amount);
  if (!given.ok) refuse(`${CHARACTER}.Refusal.${given.refusal.reason}`, stringData(given.refusal.data));
  const d = given.value;
  await donor.update(d.donor.update as never);
  await recipient.update(d.recipient.update as never);
  return postPlayCard(
    {
      kind: "donation",
      number: 0,
      title: {
        key: `${PLAY}.Card.Donation.Title`,
        data: { donor: donor.name, recipient: recipient.name, amount },
      },
      lines: [],
      rows: [
        {
          uuid: donor.uuid,
          name: donor.name,
          lines: [{ key: `${PLAY}.Card.BonusXP`, data: d.donor.bonusXP }, ...lightLines(d.donor.light)],
        },
        {
          uuid: recipient.uuid,
          name: recipient.name,
          lines: [{ key: `${PLAY}.Card.BonusXP`, data: d.recipient.bonusXP }],
        },
      ],
    },
    donor,
  );
}

const stringData = (data: Record<string, number | string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)]));

/**
 * Donate Bonus XP from `donor` (the user's character) to `recipient`: at once for a GM, else asked of
 * the active GM. Returns whether it was done or sent.
 */
export async function donateBonusXP(donor: AnyActor, recipient: AnyActor, amount: number): Promise<boolean> {
  const user = game.user;
  if (!user) return false;
  if (!isCharacter(donor) || !isCharacter(recipient)) return Boolean(warn("Donate.NotCharacters"));
  if (!ownsActor(donor, user)) return Boolean(warn("Donate.NotYours", { name: donor.name }));
  return runAsGM(DONATE_REQUEST, { from: donor.uuid, to: recipient.uuid, amount });
}

/** The recipients a donor may choose: the other Virtually Real characters of the world. */
export function donationRecipients(donor: AnyActor): AnyActor[] {
  return ((game.actors?.contents ?? []) as AnyActor[]).filter((a) => isCharacter(a) && a.uuid !== donor.uuid);
}

/** The donation dialog: a recipient and an amount; then `donateBonusXP`. */
export async function askDonation(donor: AnyActor): Promise<boolean> {
  const have = playActorOf(donor).bonusXP;
  if (!have) return Boolean(warn("Bonus.None", { name: donor.name }));
  const recipients = donationRecipients(donor);
  if (!recipients.length) return Boolean(warn("Donate.NoOne"));
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("virtually-real/dialogs/donate.hbs"),
    {
      intro: localize(`${PLAY}.Donate.Intro`, { n: String(have) }),
      recipients: recipients.map((r) => ({ value: r.uuid, label: r.name })),
      max: have,
    } as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${PLAY}.Donate.Title`, { name: donor.name }) },
    content,
    modal: true,
    rejectClose: false,
    buttons: [
      {
        action: "donate",
        label: localize(`${PLAY}.Donate.Confirm`),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form ? new FormData(button.form) : null;
          return form ? { to: String(form.get("to") ?? ""), amount: Number(form.get("amount")) } : null;
        },
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  const choice = answer as { to?: string; amount?: number } | null;
  if (!choice || typeof choice !== "object" || !choice.to) return false;
  const recipient = recipients.find((r) => r.uuid === choice.to);
  if (!recipient) return false;
  return donateBonusXP(donor, recipient, Number(choice.amount));
}

/** Register the GM's side of donations (at init, whatever ruleset is active). */
export function registerBonus(): void {
  registerGMHandler(DONATE_REQUEST, onDonate);
}
