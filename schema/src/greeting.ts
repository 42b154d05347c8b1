export const GOOD_MORNING = 'Good Morning';
export const GOOD_AFTERNOON = 'Good Afternoon';
export const GOOD_EVENING = 'Good Evening';

/** The header's greeting for an hour of the day (0-23): morning before 12:00, afternoon before 18:00. */
export function greeting(hour: number): string {
  if (hour < 12) return GOOD_MORNING;
  if (hour < 18) return GOOD_AFTERNOON;
  return GOOD_EVENING;
}
