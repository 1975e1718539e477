/**
 * 'Verses attacks in Foundry (see `../attack.ts`): cover kept on a token goes when the token moves.
 * The cover a token stands behind (`flags.polyverse.verses.cover`, cover-logic.ts) belongs to where it
 * stands, so when the x or y of a 'Verses actor's token changes the active GM's client clears it, keeping what it was in
 * `flags.polyverse.verses.coverLeft`: the token's next attack dialog says the cover was left behind (and
 * starts with none), and that attack's card ends the note. Only the GM's client writes, once, on
 * any token (a player moving their own token could clear it too, but the GM sees every move).
 */
import { deletionUpdate } from "../../../../core/compat";
import { onOwnedDocumentHook } from "../../../../core/owners";
import { isActiveGM } from "../../../../core/relay";
import { movedOffCover, readTrackedCover } from "../cover-logic";
import { cardOf, type Message } from "./shared";
import { VERSES_ID, versesFlagDelete, versesFlagPath, versesFlags } from "../../base/flags";

type TokenLike = {
  flags?: Record<string, Record<string, unknown> | undefined>;
  update(data: object): Promise<unknown>;
};

const polyverse = (token: TokenLike) => versesFlags(token);

/** Register the GM's hooks: clear cover on a move; end the note once the token is attacked. Call once at init. */
export function registerCoverMoves(): void {
  // A token of a 'Verses actor only (its owner by the registry, through the actor).
  onOwnedDocumentHook(VERSES_ID, "updateToken", (token: unknown, changed: unknown) => {
    if (!isActiveGM()) return;
    const doc = token as TokenLike;
    const cover = readTrackedCover(polyverse(doc).cover);
    if (!movedOffCover((changed ?? {}) as Record<string, unknown>, cover)) return;
    void doc.update(
      deletionUpdate({ [versesFlagDelete("cover")]: null, [versesFlagPath("coverLeft")]: cover }),
    );
  });
  Hooks.on("createChatMessage", (message: unknown) => {
    if (!isActiveGM()) return;
    const card = cardOf(message as Message);
    if (!card || !Array.isArray(card.targets)) return;
    for (const row of card.targets) {
      const doc = row?.tokenUuid ? (fromUuidSync(row.tokenUuid) as unknown as TokenLike | null) : null;
      if (doc && typeof doc.update === "function" && polyverse(doc).coverLeft)
        void doc.update(deletionUpdate({ [versesFlagDelete("coverLeft")]: null }));
    }
  });
}
