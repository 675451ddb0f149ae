/** The guide's packing, transport, culture and safety sections. */
import type { BudgetOption } from '@wayfare/contract';
import type { City } from '../../places/cities';
import type { factsOf } from '../country-facts';
import type { GuideRequest } from '../types';
import type { Sight } from './sights';

function seasonOf(month: number, lat: number): 'summer' | 'winter' | 'spring' | 'autumn' | 'tropical' {
  if (Math.abs(lat) < 23.5) return 'tropical';
  const northern = lat >= 0;
  const m = northern ? month : (month + 6) % 12;
  if (m >= 5 && m <= 7) return 'summer';
  if (m === 11 || m <= 1) return 'winter';
  return m <= 4 ? 'spring' : 'autumn';
}

export function packingText(
  { startDate, center, interests, travelStyle, budget }: GuideRequest,
  days: number,
  sights: Sight[],
) {
  const month = Number(startDate.slice(5, 7)) - 1;
  const season = center ? seasonOf(month, center.lat) : null;
  const items = [
    'Comfortable walking shoes',
    'A universal power adapter and power bank',
    'Copies of your passport and travel insurance',
  ];
  if (season === 'summer' || season === 'tropical')
    items.push('Light, breathable clothes, sunglasses, a hat and sunscreen');
  if (season === 'tropical') items.push('Insect repellent and a light rain jacket for tropical showers');
  if (season === 'winter') items.push('A warm coat, hat, gloves and layers for cold days');
  if (season === 'spring' || season === 'autumn')
    items.push('Layers and a light waterproof jacket for changeable weather');
  if (!season) items.push('Layers for changing weather — check the forecast a few days before you go');
  if (sights.some((s) => s.kind === 'religious'))
    items.push('A scarf or light layer to cover shoulders and knees at religious sites');
  if (interests.includes('Nature & Adventure'))
    items.push('Hiking shoes, a daypack and a refillable water bottle');
  if (interests.includes('Relaxation') || sights.some((s) => s.kind === 'beach'))
    items.push('Swimwear and a quick-dry towel');
  if (interests.includes('Nightlife') || budget === 'Luxury' || budget === 'No limit')
    items.push('One smart outfit for evenings out');
  if (travelStyle === 'Family') items.push('Snacks, wet wipes and a small first-aid kit for the children');
  if (travelStyle === 'Business') items.push('Business attire and a laptop charger');
  if (days > 7) items.push('Travel laundry soap: pack for a week and wash once');
  return items.map((item) => `- ${item}`).join('\n');
}

export function transportText(place: string, city: City | null, towns: Sight[], budget: BudgetOption) {
  const big = (city?.population ?? 0) >= 1_000_000;
  const lines = [
    big
      ? `- Getting around: ${place} has extensive public transport; buy a multi-day pass or use contactless payment where offered.`
      : `- Getting around: central ${place} is compact enough to explore on foot, with local buses or taxis for longer hops.`,
    budget === 'Budget-friendly'
      ? '- From the airport: take the train or airport bus into the centre; it is far cheaper than a taxi.'
      : '- From the airport: an official taxi or pre-booked transfer is the easiest way in with luggage.',
    '- Use licensed taxis or a ride-hailing app rather than drivers who approach you.',
  ];
  if (towns.length) {
    lines.push(
      `- Day trips: ${towns
        .slice(0, 3)
        .map((t) => `${t.name} (${t.km} km)`)
        .join(', ')} are reachable by regional train, bus or car.`,
    );
  }
  return lines.join('\n');
}

export function culturalText(place: string, facts: ReturnType<typeof factsOf>, sights: Sight[]) {
  const lines = [
    `- Learn a few words of the local language — hello, please and thank you are warmly received in ${place}.`,
    facts.greeting && `- ${facts.greeting}`,
    facts.tipping
      ? `- Tipping: ${facts.tipping}`
      : '- Tipping: check whether service is included before adding a tip.',
    (facts.modestDress || sights.some((s) => s.kind === 'religious')) &&
      '- At religious sites, cover shoulders and knees, remove hats and follow signs about photography.',
    '- Ask before photographing people, especially at markets and places of worship.',
  ];
  return lines.filter(Boolean).join('\n');
}

export function safetyText(place: string, emergency: string, { travelStyle, interests }: GuideRequest) {
  const lines = [
    `- Emergency number: ${emergency}.`,
    `- Keep valuables out of sight in crowded spots and on public transport in ${place}; pickpockets target busy sights.`,
    '- Keep a digital copy of your passport and save your accommodation address offline.',
    '- Get travel insurance that covers medical care and cancellations.',
  ];
  if (travelStyle === 'Solo')
    lines.push('- Share your daily plans with someone at home and check in each evening.');
  if (travelStyle === 'Family')
    lines.push(
      '- Agree on a meeting point with children in case you get separated, and note it on their wrist.',
    );
  if (interests.includes('Nightlife'))
    lines.push('- Watch your drink, stick together at night and use licensed taxis to get home.');
  if (interests.includes('Nature & Adventure'))
    lines.push('- Check weather and trail conditions before hikes and tell someone your route.');
  return lines.join('\n');
}
