/**
 * The GM's "new session" (the descriptor's action `newSession`, and a GM-only button in the Actors
 * directory while Tales is the world's ruleset): after a confirmation, every Tales character and NPC
 * (world actors, and the actors of unlinked tokens on every scene) gets its connections' dice and its
 * once-a-session Lucky and Astrological Sensitivity back (session-logic.ts), and a chat note says so.
 */
import { localize } from "../../../core/i18n";
import { isTalesLiving } from "../base/living";
import { livingSystem } from "../data/systems";
import { sessionReset } from "./session-logic";

type AnyActor = Actor.Implementation;
const KEY = "POLYVERSE.Tales.Health.Session";

const esc = (s: string) => foundry.utils.escapeHTML(s);

/** Every Tales character and NPC of the world: world actors, then unlinked tokens' actors. */
export function sessionActors(): AnyActor[] {
  const out: AnyActor[] = [];
  for (const actor of (game.actors?.contents ?? []) as AnyActor[]) if (isTalesLiving(actor)) out.push(actor);
  const scenes = (game.scenes as { contents?: Scene.Implementation[] } | undefined)?.contents ?? [];
  for (const scene of scenes)
    for (const token of scene.tokens?.contents ?? []) {
      const actor = token.actor as AnyActor | null;
      if (!token.actorLink && isTalesLiving(actor)) out.push(actor);
    }
  return out;
}

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

/** The Actors directory's GM-only button (added once per render). */
export function addSessionButton(html: HTMLElement): void {
  if (!game.user?.isGM || game.polyverse?.ruleset?.id !== "tales") return;
  if (html.querySelector("[data-pv-tales-session]")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.pvTalesSession = "";
  button.className = "pv-tales-new-session";
  button.innerHTML = `<i class="fa-solid fa-rotate" inert></i> ${esc(localize(`${KEY}.Button`))}`;
  button.title = localize(`${KEY}.Hint`);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void newSession();
  });
  const place = html.querySelector(".header-actions") ?? html.querySelector(".directory-header") ?? html;
  place.append(button);
}

/** Register the directory button (at init, whatever ruleset is active: it shows in a Tales world only). */
export function registerSessionButton(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => addSessionButton(html));
}
