/**
 * Receipt photos made by the tests themselves: text receipts rendered to PNG at phone-photo resolution,
 * turned a little and speckled with noise, as a camera would give them. Seeded, so every run draws the same image.
 */
export interface ReceiptFixture {
  name: string;
  lines: string[];
  /** What a scan must find. */
  total: number;
  date: string;
  currency: string;
  /** Degrees, clockwise. */
  rotate: number;
}

export const RECEIPT_FIXTURES: ReceiptFixture[] = [
  {
    name: 'English, dollars, tax and tip on top',
    lines: [
      'THE HARBOUR GRILL',
      '12 Quay Street',
      'Date: 04/11/2027 20:15',
      'Soup of the day        6.50',
      '2 x Fish and Chips    31.00',
      'Sparkling water        3.50',
      'Subtotal              41.00',
      'Tax                    3.69',
      'Tip                    6.00',
      'TOTAL USD             50.69',
    ],
    total: 5069,
    date: '2027-04-11',
    currency: 'USD',
    rotate: 1.5,
  },
  {
    name: 'German, decimal commas, VAT included',
    lines: [
      'GASTHAUS ZUR LINDE',
      'Hauptstr. 5, Muenchen',
      '11.04.2027 19:42',
      'Schnitzel Wiener Art  18,90',
      '2x Weissbier           9,80',
      'Apfelstrudel           6,50',
      'SUMME EUR             35,20',
      'MwSt 19% enthalten     5,62',
    ],
    total: 3520,
    date: '2027-04-11',
    currency: 'EUR',
    rotate: -2,
  },
  {
    name: 'French, TOTAL TTC over TOTAL HT',
    lines: [
      'BRASSERIE DU PORT',
      'Le 11/04/2027 a 21:03',
      'Moules frites         16,50',
      'Vin blanc 50cl        19,00',
      'Cafe                   2,80',
      'TOTAL HT              34,82',
      'TVA 10%                3,48',
      'TOTAL TTC EUR         38,30',
    ],
    total: 3830,
    date: '2027-04-11',
    currency: 'EUR',
    rotate: 2.5,
  },
];

/** A small deterministic random source (mulberry32). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The fixture as a phone photo: 1080 px wide, the paper turned by `rotate` on a darker table, with noise. */
export async function receiptPhoto(fixture: ReceiptFixture, seed = 27): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const random = seeded(seed);
  const width = 1080;
  const lineHeight = 64;
  const height = 260 + fixture.lines.length * lineHeight;
  const specks = Array.from({ length: 900 }, () => {
    const grey = Math.floor(80 + random() * 120);
    return `<rect x="${Math.floor(random() * width)}" y="${Math.floor(random() * height)}" width="2" height="2" fill="rgb(${grey},${grey},${grey})"/>`;
  }).join('');
  const text = fixture.lines
    .map(
      (line, i) =>
        `<text x="90" y="${170 + i * lineHeight}" font-family="DejaVu Sans Mono" font-size="38" fill="#1d1d1d">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#f6f3ea"/>${text}${specks}</svg>`;
  return sharp(Buffer.from(svg))
    .rotate(fixture.rotate, { background: '#8a8378' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
