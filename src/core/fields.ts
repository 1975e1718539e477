/**
 * Field builders shared by every ruleset's data models: the same validation everywhere (whole
 * numbers in range, no nulls where a value is required), so bad input gets a clear message from
 * Foundry's validation instead of being saved wrong.
 */
const fields = () => foundry.data.fields;

/** A whole number, required, never null. */
export function integer(initial = 0, { min, max }: { min?: number; max?: number } = {}) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: true, initial, min, max });
}

/** A number (fractions allowed), required, never null, at least 0 unless said. */
export function decimal(initial = 0, { min = 0, max }: { min?: number; max?: number } = {}) {
  return new (fields().NumberField)({ required: true, nullable: false, initial, min, max });
}

/** A rated value 0..5 ("Rated values"); `min` 1 for core attributes. */
export function rating(initial = 0, min = 0) {
  return integer(initial, { min, max: 5 });
}

/** Plain text, may be blank. */
export function text(initial = "") {
  return new (fields().StringField)({ required: true, nullable: false, blank: true, initial });
}

/** One of a fixed list of values. */
export function choice<const C extends readonly string[]>(choices: C, initial: C[number]) {
  return new (fields().StringField)({
    required: true,
    nullable: false,
    blank: false,
    choices: [...choices],
    initial,
  });
}

/** Rich text (declared in system.json htmlFields). */
export function html() {
  return new (fields().HTMLField)({ required: true, nullable: false, blank: true, initial: "" });
}

/** A yes/no. */
export function flag(initial = false) {
  return new (fields().BooleanField)({ required: true, nullable: false, initial });
}

/** A list of plain strings. */
export function strings() {
  return new (fields().ArrayField)(
    new (fields().StringField)({ required: true, nullable: false, blank: false }),
    {
      required: true,
      nullable: false,
      initial: [],
    },
  );
}
