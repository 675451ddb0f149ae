/** Public surface of the daily-plans feature: The editable plan board and its read-only twin for shared links. Other features and the app import only this. */
export { DailyPlansBoard } from './DailyPlansBoard';
export { ReadOnlyPlanDays } from './ReadOnlyPlanDays';
