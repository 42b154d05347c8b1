import type { App, VerificationStatus } from '@blocksmith/schema';

/** The review status a card shows; a missing value is 'pending'. */
export function verificationStatus(app: Pick<App, 'verificationStatus'>): VerificationStatus {
  const status = app.verificationStatus;
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}

/** Store cards are sorted by upvotes, most first; equal counts keep their given order. */
export function byUpvotes<T extends Pick<App, 'upvotes'>>(apps: readonly T[]): T[] {
  return [...apps].sort((a, b) => b.upvotes - a.upvotes);
}

/** Whether the app matches a search: the words, case-insensitively, in its name or description. */
export function matchesSearch(app: Pick<App, 'name' | 'description'>, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${app.name}\n${app.description ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** A rejected app with review notes offers 'Review Feedback'. */
export function hasReviewFeedback(app: Pick<App, 'verificationStatus' | 'reviewNotes'>): boolean {
  return verificationStatus(app) === 'rejected' && (app.reviewNotes ?? '').trim() !== '';
}
