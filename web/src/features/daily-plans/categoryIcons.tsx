import { createElement } from 'react';
import {
  BedDouble,
  Bus,
  Landmark,
  MapPin,
  MessageSquare,
  Ticket,
  Utensils,
  type LucideIcon,
} from 'lucide-react';
import type { PlanCategory } from '@wayfare/contract';
import { isKnownCategory } from './planDays';

const CATEGORY_ICONS: Record<PlanCategory, LucideIcon> = {
  Hotel: BedDouble,
  Restaurant: Utensils,
  Attraction: Landmark,
  Comment: MessageSquare,
  Activity: Ticket,
  Transportation: Bus,
};

/** Each plan category has its icon; any other stored value gets the generic pin. Decorative: text names it. */
export function CategoryIcon({ category, size = 16 }: { category: string; size?: number }) {
  return createElement(isKnownCategory(category) ? CATEGORY_ICONS[category] : MapPin, {
    size,
    'aria-hidden': true,
  });
}
