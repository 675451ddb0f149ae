/** Public surface of the ai-guide feature: The AI guide's recommendations, its progress while written, and the first-visit plan filling. Other features and the app import only this. */
export { RecommendationsPanel } from './RecommendationsPanel';
export { useAutoAddPlans } from './useAutoAddPlans';
export { useGuideStatus } from './useGuideStatus';
