/** The itinerary text rules of spec §5: day headings and the sentences that become plans. */

const DAY_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const DAY_HEADING_PATTERNS: Array<[RegExp, (match: RegExpExecArray) => number]> = [
  [/^day\s*(\d{1,3})\b/i, (m) => Number(m[1])],
  [/^(\d{1,3})(?:st|nd|rd|th)\s+day\b/i, (m) => Number(m[1])],
  [
    new RegExp(`^day\\s+(${DAY_WORDS.join('|')})\\b`, 'i'),
    (m) => DAY_WORDS.indexOf((m[1] as string).toLowerCase()) + 1,
  ],
];

/** Markdown and list decoration around a heading: '## ', '**', '1. ', '- '. */
const stripDecoration = (line: string) =>
  line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/^[-*•]\s+/, '')
    .replace(/[*_]{1,3}/g, '')
    .trim();

/**
 * The day a heading line names ('Day 3', '3rd day', 'Day three: Old town') and the text after it on the same
 * line, or null when the line is not a day heading.
 */
export function matchDayHeading(line: string): { day: number; rest: string } | null {
  const text = stripDecoration(line);
  for (const [pattern, dayOf] of DAY_HEADING_PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      const rest = text
        .slice(match[0].length)
        .replace(/^\s*(?:\([^)]*\))?\s*[:.\-–—]?\s*/, '')
        .trim();
      return { day: dayOf(match), rest };
    }
  }
  return null;
}

const BULLET_OR_NUMBER = /^\s*(?:[-*•·–—>]+|\(?\d{1,3}[.)]|[a-z][.)](?=\s))\s*/i;

/** A sentence without its leading bullet or list number. */
export const stripBullet = (sentence: string) => sentence.replace(BULLET_OR_NUMBER, '').trim();

/**
 * The sentences of an itinerary text that can become plans: split on sentence punctuation and newlines; kept
 * when longer than 10 characters and, without its bullet or number, longer than 5.
 */
export function itinerarySentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])(?=\s|$)|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 10 && stripBullet(sentence).length > 5);
}
