import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { geminiGuideProvider } from './gemini-provider';
import { offlineGuideProvider } from './offline-planner';
import type { GuideProvider } from './types';

/** Gemini when GEMINI_API_KEY is configured, else the offline planner. Chosen once, from config. */
export function guideProviderFor(config: AppConfig, logger: Logger): GuideProvider {
  const gemini = config.gemini;
  if (!gemini?.apiKey) return offlineGuideProvider();
  return geminiGuideProvider({ ...gemini, apiKey: gemini.apiKey, logger });
}
