/**
 * Small, stable facts per country for the offline planner: price level (1 = a mid-priced Western European
 * city), emergency number, and a tipping and greeting note. Countries not listed get neutral defaults.
 */
export interface CountryFacts {
  price: number;
  emergency: string;
  tipping?: string;
  greeting?: string;
  /** Religious sites expect covered shoulders and knees; some also ask for covered hair or bare feet. */
  modestDress?: boolean;
}

const EU = '112';

export const COUNTRY_FACTS: Record<string, CountryFacts> = {
  US: {
    price: 1.3,
    emergency: '911',
    tipping:
      'Tip 18–20% at sit-down restaurants and about $1–2 per drink at bars; service is rarely included.',
  },
  CA: {
    price: 1.15,
    emergency: '911',
    tipping: 'Tip 15–20% in restaurants; prices are shown before sales tax.',
    greeting: 'In Québec, open with “Bonjour” before switching to English.',
  },
  MX: {
    price: 0.65,
    emergency: '911',
    tipping: 'Leave 10–15% in restaurants, usually in cash.',
    greeting: 'A handshake and “buenos días/buenas tardes” go a long way.',
  },
  GB: {
    price: 1.2,
    emergency: '999 or 112',
    tipping:
      'Check the bill for a service charge; otherwise 10–12% in restaurants. No tipping at the pub bar.',
    greeting: 'Queue patiently and stand on the right on escalators.',
  },
  IE: {
    price: 1.2,
    emergency: '112 or 999',
    tipping: 'Around 10% in restaurants when service is not included; not expected in pubs.',
  },
  FR: {
    price: 1.1,
    emergency: EU,
    tipping: 'Service is included by law; round up or leave a euro or two for good service.',
    greeting: 'Always say “Bonjour” when entering a shop and “Au revoir” when leaving.',
    modestDress: true,
  },
  ES: {
    price: 0.9,
    emergency: EU,
    tipping: 'Tipping is modest: round up or leave 5–10% for good service.',
    greeting: 'Meals run late: lunch from 14:00, dinner rarely before 21:00.',
    modestDress: true,
  },
  PT: {
    price: 0.8,
    emergency: EU,
    tipping: 'Round up or leave 5–10% in restaurants.',
    greeting: 'The bread and olives put on the table are charged if you eat them.',
  },
  IT: {
    price: 1.0,
    emergency: EU,
    tipping: 'A cover charge (coperto) is normal; extra tips are optional.',
    greeting: 'Cappuccino is a breakfast drink; order “un caffè” after meals.',
    modestDress: true,
  },
  DE: {
    price: 1.0,
    emergency: EU,
    tipping: 'Round up or add 5–10% and tell the server the total as you pay.',
    greeting: 'Carry some cash: smaller cafés and bakeries may not take cards. Many shops close on Sundays.',
  },
  AT: {
    price: 1.05,
    emergency: EU,
    tipping: 'Round up or add 5–10%, said aloud as you pay.',
    greeting: 'Greet with “Grüß Gott”; most shops close on Sundays.',
  },
  CH: {
    price: 1.6,
    emergency: EU,
    tipping: 'Service is included; rounding up is a kind gesture.',
    greeting: 'Trains run to the minute, so be on the platform early.',
  },
  NL: {
    price: 1.1,
    emergency: EU,
    tipping: 'Round up or leave 5–10% for good service.',
    greeting: 'Keep out of red-paved bike lanes: cyclists have priority.',
  },
  BE: { price: 1.05, emergency: EU, tipping: 'Service is included; rounding up is enough.' },
  CZ: { price: 0.75, emergency: EU, tipping: 'Round up or add about 10%, said aloud as you pay.' },
  PL: {
    price: 0.65,
    emergency: EU,
    tipping: 'Leave about 10%; saying “thank you” as you pay means “keep the change”.',
  },
  HU: { price: 0.7, emergency: EU, tipping: 'Check for a service charge on the bill; otherwise 10–15%.' },
  GR: { price: 0.85, emergency: EU, tipping: 'Round up or leave 5–10% in cash.', modestDress: true },
  HR: { price: 0.85, emergency: EU, tipping: 'Leave about 10% for good service.' },
  DK: { price: 1.35, emergency: EU, tipping: 'Service is included; tipping is not expected.' },
  SE: {
    price: 1.2,
    emergency: EU,
    tipping: 'Service is included; rounding up is optional.',
    greeting: 'Many places are cashless: bring a card.',
  },
  NO: {
    price: 1.45,
    emergency: '112 (police), 113 (ambulance)',
    tipping: 'Service is included; round up for great service.',
  },
  FI: { price: 1.2, emergency: EU, tipping: 'Tipping is not expected.' },
  IS: {
    price: 1.6,
    emergency: EU,
    tipping: 'Tipping is not expected.',
    greeting: 'Weather changes fast: check road and weather alerts before driving out.',
  },
  EE: { price: 0.8, emergency: EU },
  LV: { price: 0.7, emergency: EU },
  LT: { price: 0.7, emergency: EU },
  MT: { price: 0.85, emergency: EU, modestDress: true },
  RU: { price: 0.7, emergency: '112', tipping: 'Leave about 10% in restaurants.', modestDress: true },
  UA: { price: 0.55, emergency: '112', modestDress: true },
  TR: {
    price: 0.6,
    emergency: '112',
    tipping: 'Leave 5–10% in restaurants.',
    greeting: 'Remove your shoes in mosques; women cover their hair (scarves are lent at the door).',
    modestDress: true,
  },
  IL: {
    price: 1.3,
    emergency: '100 (police), 101 (ambulance)',
    tipping: 'Tip 10–15% in restaurants.',
    greeting: 'Shabbat runs from Friday evening to Saturday evening; much public transport stops.',
    modestDress: true,
  },
  JO: {
    price: 0.8,
    emergency: '911',
    tipping: 'Leave about 10% where service is not included.',
    modestDress: true,
  },
  EG: {
    price: 0.4,
    emergency: '122 (police), 123 (ambulance)',
    tipping: 'Small tips (baksheesh) are expected for many services; carry small notes.',
    greeting: 'Agree taxi and guide prices before setting off.',
    modestDress: true,
  },
  MA: {
    price: 0.5,
    emergency: '19 (police), 15 (ambulance)',
    tipping: 'Leave around 10% in restaurants; small tips for guides and porters.',
    greeting: 'Bargaining is expected in the souks; smile and start at about half the asking price.',
    modestDress: true,
  },
  AE: {
    price: 1.2,
    emergency: '999',
    tipping: 'Check for a service charge; otherwise 10–15%.',
    greeting: 'Dress modestly away from beaches and pools; public displays of affection are frowned upon.',
    modestDress: true,
  },
  QA: {
    price: 1.15,
    emergency: '999',
    tipping: 'Around 10% where no service charge is added.',
    modestDress: true,
  },
  SA: {
    price: 0.95,
    emergency: '911',
    tipping: 'Around 10% in restaurants.',
    greeting: 'Shops pause at prayer times; dress conservatively in public.',
    modestDress: true,
  },
  IN: {
    price: 0.35,
    emergency: '112',
    tipping: 'Leave about 10% in restaurants where no service charge is added.',
    greeting: 'Greet with “Namaste”; use your right hand to eat and to pass things.',
    modestDress: true,
  },
  NP: {
    price: 0.35,
    emergency: '100 (police), 102 (ambulance)',
    greeting: 'Walk clockwise around stupas and temples.',
    modestDress: true,
  },
  LK: {
    price: 0.4,
    emergency: '119 (police), 1990 (ambulance)',
    greeting: 'Never pose with your back to a Buddha statue.',
    modestDress: true,
  },
  TH: {
    price: 0.55,
    emergency: '191 (police), 1669 (ambulance), 1155 (tourist police)',
    tipping: 'Round up or leave 20–50 baht; not expected at street stalls.',
    greeting: 'Never touch anyone’s head or point your feet at people or Buddha images.',
    modestDress: true,
  },
  VN: {
    price: 0.4,
    emergency: '113 (police), 115 (ambulance)',
    tipping: 'Tipping is appreciated but not expected.',
    greeting: 'Cross streets at a steady pace so motorbikes can flow around you.',
    modestDress: true,
  },
  KH: {
    price: 0.4,
    emergency: '117 (police), 119 (ambulance)',
    greeting: 'US dollars are widely used beside riel.',
    modestDress: true,
  },
  LA: {
    price: 0.4,
    emergency: '191 (police), 195 (ambulance)',
    greeting: 'Watch the alms giving quietly and from a distance.',
    modestDress: true,
  },
  MY: { price: 0.55, emergency: '999', tipping: 'A 10% service charge is usually added.', modestDress: true },
  SG: {
    price: 1.3,
    emergency: '999 (police), 995 (ambulance)',
    tipping: 'Service charge is usually included; no tipping needed.',
    greeting: 'Eating or drinking on the MRT is fined, as is littering.',
  },
  ID: {
    price: 0.45,
    emergency: '112',
    tipping: 'A service charge is often included; small tips are welcome.',
    greeting: 'Wear a sarong and sash at Balinese temples (often lent at the entrance).',
    modestDress: true,
  },
  PH: {
    price: 0.5,
    emergency: '911',
    tipping: 'Leave about 10% when service is not included.',
    modestDress: true,
  },
  CN: {
    price: 0.7,
    emergency: '110 (police), 120 (ambulance)',
    tipping: 'Tipping is not customary.',
    greeting: 'Set up a mobile payment app before you go: cash and foreign cards are not always accepted.',
  },
  HK: { price: 1.2, emergency: '999', tipping: 'A 10% service charge is usually included.' },
  MO: { price: 1.0, emergency: '999', tipping: 'A 10% service charge is usually included.' },
  TW: { price: 0.75, emergency: '110 (police), 119 (ambulance)', tipping: 'Tipping is not customary.' },
  JP: {
    price: 1.0,
    emergency: '110 (police), 119 (ambulance)',
    tipping: 'Do not tip: it can cause confusion.',
    greeting:
      'Carry your rubbish with you, keep phone calls off trains and take shoes off where you see a step up.',
  },
  KR: {
    price: 0.9,
    emergency: '112 (police), 119 (ambulance)',
    tipping: 'Tipping is not customary.',
    greeting: 'Pour drinks for others, not yourself, and accept with both hands.',
  },
  AU: {
    price: 1.25,
    emergency: '000',
    tipping: 'Tipping is optional; 10% for great service.',
    greeting: 'Swim between the red and yellow flags on patrolled beaches.',
  },
  NZ: { price: 1.2, emergency: '111', tipping: 'Tipping is optional.' },
  ZA: {
    price: 0.55,
    emergency: '10111 (police), 10177 (ambulance)',
    tipping: 'Tip 10–15% in restaurants and a few rand to car guards.',
  },
  KE: { price: 0.6, emergency: '999 or 112', tipping: 'Leave about 10% in restaurants.' },
  TZ: {
    price: 0.55,
    emergency: '112',
    tipping: 'Leave about 10% in restaurants.',
    greeting: 'Zanzibar is largely Muslim: cover shoulders and knees away from the beach.',
    modestDress: true,
  },
  BR: {
    price: 0.6,
    emergency: '190 (police), 192 (ambulance)',
    tipping: 'A 10% service charge is usually added to the bill.',
  },
  AR: {
    price: 0.55,
    emergency: '911',
    tipping: 'Leave about 10% in cash.',
    greeting: 'Dinner starts late, often after 21:00.',
  },
  PE: {
    price: 0.55,
    emergency: '105 (police), 116 (ambulance)',
    tipping: 'Leave about 10% in restaurants.',
    greeting: 'Take the altitude in Cusco slowly on the first day.',
  },
  CL: {
    price: 0.75,
    emergency: '133 (police), 131 (ambulance)',
    tipping: 'A suggested 10% tip is added to most bills.',
  },
  CO: {
    price: 0.5,
    emergency: '123',
    tipping: 'A voluntary 10% service charge is usually suggested on the bill.',
  },
  CU: {
    price: 0.6,
    emergency: '106 (police), 104 (ambulance)',
    tipping: 'Tips of about 10% in cash are much appreciated.',
  },
};

export const DEFAULT_FACTS: CountryFacts = {
  price: 0.9,
  emergency: '112 (the international emergency number works on most mobile networks)',
};

export const factsOf = (countryCode: string | undefined): CountryFacts =>
  (countryCode && COUNTRY_FACTS[countryCode]) || DEFAULT_FACTS;
