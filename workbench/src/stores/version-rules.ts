import type { AppVersionEntry, VersionKind } from '../api/blocksmith-api';
import { HISTORY } from '../texts/version-texts';

export type VersionBadge = keyof typeof HISTORY.badges;

/** The badges of a version, in the order the list shows them. */
export function versionBadges(
  entry: Pick<AppVersionEntry, 'isLive' | 'isInReview' | 'isDraft'>,
): VersionBadge[] {
  const badges: VersionBadge[] = [];
  if (entry.isLive) badges.push('live');
  if (entry.isInReview) badges.push('inReview');
  if (entry.isDraft) badges.push('draft');
  return badges;
}

/** How a version came to be, in words; a kind the workbench does not know is shown as sent. */
export function versionKindLabel(kind: VersionKind | string): string {
  return (HISTORY.kinds as Record<string, string>)[kind] ?? kind;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * When a version was saved: 'just now' within a minute, 'N min ago' within the hour, 'today, 14:03'
 * the same day, else the date and time. An unreadable time is shown as sent.
 */
export function versionTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const seconds = (now.getTime() - at.getTime()) / 1000;
  if (seconds >= -60 && seconds < 60) return HISTORY.time.justNow;
  if (seconds >= 60 && seconds < 3600) return HISTORY.time.minutesAgo(Math.floor(seconds / 60));
  if (at.toDateString() === now.toDateString()) return HISTORY.time.today(TIME.format(at));
  return DATE_TIME.format(at);
}
