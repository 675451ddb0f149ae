/** "1 Person", "4 People" (spec: singular label for 1). */
export const peopleLabel = (count: number) => `${count} ${count === 1 ? 'Person' : 'People'}`;

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export const ordinal = (n: number) => `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;
