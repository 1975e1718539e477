/**
 * The GM's "new session" (the descriptor's action `newSession`, and a GM-only button in the Actors
 * directory while Tales is the world's ruleset): after a confirmation, every Tales character and NPC
 * (world actors, and the actors of unlinked tokens on every scene) gets its connections' dice and its
 * once-a-session Lucky and Astrological Sensitivity back (session-logic.ts), and a chat note says so.
 */
import { registerDirectoryButtons, worldActors } from "../../../core/directory";
import { localize } from "../../../core/i18n";
import { isTalesLiving } from "../base/living";
import { livingSystem } from "../data/systems";
import { sessionReset } from "./session-logic";

type AnyActor = Actor.Implementation;
const KEY = "POLYVERSE.Tales.Health.Session";

const esc = (s: string) => foundry.utils.escapeHTML(s);

/** Every Tales character and NPC of the world: world actors, then unlinked tokens' actors. */
export const sessionActors = (): AnyActor[] => worldActors(isTalesLiving);

/** Ask the GM to confirm (a modal dialog). */
async function confirmed(): Promise<boolean> {
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: localize(`${KEY}.Title`) },
    content: `<p>${esc(localize(`${KEY}.Confirm`))}</p>`,
    rejectClose: false,
    modal: true,
  });
  return answer === true;
}

/**
 * Start a new session: the GM only, after a confirmation (`confirm: false` skips it, for a macro).
 * Returns how many actors were refreshed, or null when refused or cancelled.
 */
export async function newSession(options: { confirm?: boolean } = {}): Promise<number | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(localize(`${KEY}.GMOnly`));
    return null;
  }
  if (options.confirm !== false && !(await confirmed())) return null;
  let count = 0;
  for (const actor of sessionActors()) {
    const update = sessionReset(livingSystem(actor));
    if (!update) continue;
    await actor.update(update as never);
    count++;
  }
  await ChatMessage.create({
    content: `<div class="polyverse pv-card tales-session-note"><p>${esc(
      localize(`${KEY}.Done`, { n: String(count) }),
    )}</p></div>`,
    speaker: { alias: localize(`${KEY}.Title`) },
  } as never);
  return count;
}

/** Register the directory button (at init, whatever ruleset is active: it shows in a Tales world only). */
export function registerSessionButton(): void {
  registerDirectoryButtons([
    {
      rulesetId: "tales",
      key: "pv-tales-session",
      icon: "fa-solid fa-rotate",
      label: `${KEY}.Button`,
      hint: `${KEY}.Hint`,
      className: "pv-tales-new-session",
      onClick: () => newSession(),
    },
  ]);
}
