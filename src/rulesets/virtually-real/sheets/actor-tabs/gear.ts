/**
 * The Gear tab: equipment as far as chapter 1 has any (a weapon in hand and ready, with the [I] box the
 * rules build from the Reflex modifier and its bonuses, `initiativeBox`; magical armor's +1 crit on
 * physical defences; worn or carried), and books (`[2]20/3` in a language: the DL to read one,
 * `bookReadingDL`, its reading time, `bookReadingHours`, and whether it is a reference,
 * `isReferenceBook`). Foundry-free.
 */
import { num, str } from "../../../../core/sheet-logic";
import {
  bookReadingDL,
  bookReadingHours,
  capacityNotation,
  initiativeBox,
  isReferenceBook,
} from "../../rules";
import { ROOT, itemControls, itemsIn, rollButton, type CharacterSheetInput } from "./common";
import { bookPlayButton } from "./play";

const KIND_ROOT = "POLYVERSE.VirtuallyReal.EquipmentKind";

export function gearContext(input: CharacterSheetInput) {
  const { system, localize, options } = input;
  const equipment = itemsIn(input, "equipment").map((item) => {
    const kind = str(item.system.kind) || "gear";
    const weapon = kind === "weapon";
    const ready = item.system.ready === true;
    const box = initiativeBox(
      system.attributes.reflex.score,
      num(item.system.initiativeBonus),
      num(item.system.proficiencyBonus),
    );
    return {
      ...itemControls(item, localize),
      img: item.img,
      kind: localize(`${KIND_ROOT}.${kind}`),
      quantity: num(item.system.quantity, 1),
      proficiency: str(item.system.proficiency),
      weapon,
      ready,
      readyLabel: localize(`${ROOT}.Gear.Ready`, { name: item.name }),
      initiative: weapon ? localize(`${ROOT}.Gear.InitiativeBox`, { level: String(box) }) : null,
      /** A weapon's attack (the combat folder's `rollAttack`, its proficiency as the skill). */
      attack: weapon
        ? rollButton(input, "attack", localize(`${ROOT}.Gear.Attack`, { name: item.name }))
        : null,
      magical: item.system.magical === true ? localize(`${ROOT}.Gear.Magical`) : null,
      equipped: item.system.equipped === true,
      equippedLabel: localize(`${ROOT}.Gear.Equipped`, { name: item.name }),
    };
  });
  const books = itemsIn(input, "books").map((item) => {
    const book = {
      capacity: Math.min(5, Math.max(1, num(item.system.capacity, 1))),
      xp: Math.max(0, num(item.system.xp)),
    };
    return {
      ...itemControls(item, localize),
      img: item.img,
      skill: str(item.system.skill),
      notation: capacityNotation(book),
      language: str(item.system.language),
      reading: localize(`${ROOT}.Gear.Reading`, {
        dl: String(bookReadingDL(book, options.book)),
        hours: String(bookReadingHours(book, options.book)),
      }),
      reference: isReferenceBook(book) ? localize(`${ROOT}.Gear.Reference`) : null,
      read: bookPlayButton(input, item),
    };
  });
  return { equipment, books };
}
