/** A record type's name, for one and for many ("contact", "contacts"). */
export type Noun = { singular: string; plural: string };

const numbers = new Intl.NumberFormat();

/** "1 contact", "1,200 contacts", or "all matching contacts" when a selection of everything has no count yet. */
export const countText = (count: number | null, noun: Noun) =>
  count === null ? `all matching ${noun.plural}` : `${numbers.format(count)} ${count === 1 ? noun.singular : noun.plural}`;

/** "1 credit", "1,000 credits". */
export const creditsText = (count: number) => countText(count, { singular: 'credit', plural: 'credits' });

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
