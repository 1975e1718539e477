/**
 * What the Virtually Real checks take and give (`rollCheck`, `rollSave`, `rollOpposed`,
 * `checkResultOf`): the options a sheet, a fight or a scene passes, and the card and result a check
 * resolves with. The combat and documents helpers call these through the descriptor's `actions`.
 */
import type { AttributeKey, CheckKind, CheckResult, PreparedCheck, SaveKind } from "../rules";

/** What `rollCheck` takes: the check as far as the caller settles it, and how it is posted. */
export interface RollCheckOptions {
  /** Default: "skill" with a skill, "save" with a save, else "attribute". */
  kind?: CheckKind;
  /** The skill item, or its id, name or rules reference (`SkillRef`, "basicCombatTraining"). */
  skill?: Item.Implementation | string;
  /**
   * The attribute: an attribute check's; a skill's related attribute when the use changes it (a
   * parry is Agility's, knowledge Logic's); a standard save's.
   */
  attribute?: AttributeKey;
  save?: SaveKind;
  /** The Difficulty Level (or an opponent's total). Without it the card shows no margin. */
  dl?: number;
  /** Situational advantages and disadvantages (the conditions' and adrenaline's are added by the roll). */
  advantage?: number;
  disadvantage?: number;
  /** Situational +crit (the conditions' and the skill's underlines are added by the roll). */
  critMod?: number;
  /** Luck: positions the higher middle die of a conflicted roll moves up (default: none). */
  luck?: number;
  /** Dodge or Evade a mental attack: by Logic. */
  mental?: boolean;
  /** Perception: Careful (1) or Very Careful (2), an advantage die each. */
  careful?: 0 | 1 | 2;
  /**
   * A check the caller built with the rules (a Combination's capacity and levels from
   * `learningCheck`, a strength feat's flat bonus): rolled as given, the conditions' dice added.
   */
  prepared?: PreparedCheck;
  /** The card's heading for a prepared check ("Training: Open Locks"). */
  label?: string;
  /** A line above the card. */
  flavor?: string;
  /** Roll at once with these choices (as the skip key does). */
  skipDialog?: boolean;
  /** The click that asked for it (the skip key is read from it). */
  event?: Event;
  rollMode?: string;
  /** The caller's own data, kept on the card (`system.card.extra`) for the caller to read back. */
  extra?: Record<string, unknown>;
  /**
   * Added Experience (a skill check): a second skill of the roller's with the same capacity (its
   * item, id, name or rules reference); its XP is added to the skill's.
   */
  secondSkill?: Item.Implementation | string;
  /** Helpers (a skill check): other characters (actors or their UUIDs), each adding half their XP in the skill and +1 crit. */
  helpers?: readonly (Actor.Implementation | string)[];
  /**
   * A Combination roll: its second part, a skill of the roller's (item, id, name or rules reference)
   * or an attribute key; the first part is `skill`, else `attribute`. The DL reads the Combo column.
   */
  combination?: Item.Implementation | string;
  /** "I'll try too!": following another's failed attempt at the same check (a failure earns no use mark). */
  triedToo?: boolean;
}

/** `rollSave`'s options: a save's own (a standard save names its attribute). */
export type RollSaveOptions = Omit<RollCheckOptions, "kind" | "save" | "skill" | "prepared">;

/** What the opponent of an opposed check rolls (by default the same check). */
export interface OpposedSide {
  kind?: CheckKind;
  skill?: Item.Implementation | string;
  attribute?: AttributeKey;
  save?: SaveKind;
}

/** `rollOpposed`'s options: the roller's check and the opponent's. */
export interface RollOpposedOptions extends Omit<RollCheckOptions, "dl" | "prepared"> {
  opponent?: OpposedSide;
}

/** What a check made: its card and its result now (the result may still need a die: `diceNeeded`). */
export interface CheckRolled {
  message: ChatMessage.Implementation;
  result: CheckResult;
}
