/**
 * Every user-facing text of versions, drafts and autosave: the history panel, the read-only view
 * of a version, the save-status marker, the local copy kept for visitors, the import check and
 * the review comparison. The spec gives only the import refusal (its invalid-configuration text);
 * the others are decisions recorded in the workbench README.
 */
import { INVALID_NODE_LIST_NOTE, INVALID_NODE_LIST_TEXT, type UserMessage } from '@blocksmith/schema';
import type { VersionKind } from '../api/blocksmith-api';

export const SAVE_STATUS = {
  unsaved: 'Unsaved changes',
  saving: 'Saving...',
  saved: 'All changes saved',
  /** Tooltips. */
  unsavedVisitor: 'Sign in to save your app. Until then it is kept in this browser.',
  unsavedNew: 'Save the app once; after that every change is saved automatically.',
  unsavedOwner: 'Your changes are saved automatically a few seconds after you stop editing.',
  autosaveFailed: 'The last automatic save failed. It is tried again with your next change.',
} as const;

export const HISTORY = {
  button: 'History',
  menuItem: 'Version history...',
  title: 'Version history',
  subtitle: 'Every save keeps a version. Open one to look at it, or restore it as the draft.',
  saveFirst: 'Save the app to start its history.',
  empty: 'No versions yet.',
  loadFailed: 'The history could not be loaded.',
  retry: 'Try again',
  version: (n: number) => `Version ${n}`,
  badges: { live: 'Live', inReview: 'In review', draft: 'Draft' },
  kinds: {
    created: 'Created',
    save: 'Saved',
    autosave: 'Autosaved',
    restore: 'Restored',
  } satisfies Record<VersionKind, string>,
  by: (author: string) => `by ${author || 'Unknown'}`,
  time: {
    justNow: 'just now',
    minutesAgo: (n: number) => `${n} min ago`,
    today: (time: string) => `today, ${time}`,
  },
  open: 'Open',
  viewing: 'Viewing',
  restore: 'Restore as draft',
  restoreConfirm: (n: number) => ({
    title: `Restore version ${n}?`,
    description:
      'Its content becomes the draft as a new version. Nothing is overwritten: the current draft stays in the history.',
    confirm: 'Restore as draft',
  }),
  restored: (n: number) => `Version ${n} restored as the draft`,
  restoreFailed: 'The version could not be restored',
  saveFirstFailed: 'Your unsaved changes could not be saved first, so nothing was restored.',
  tryAgain: 'Please try again.',
  openFailed: 'The version could not be opened',
  close: 'Close',
} as const;

export const VIEWING = {
  banner: (n: number) => `Version ${n} · read only`,
  bannerDetail: 'You are looking at a saved version. Your draft is unchanged.',
  backToDraft: 'Back to draft',
  restore: 'Restore as draft',
  propertiesTitle: (n: number) => `Version ${n}`,
  fields: { name: 'Name', description: 'Description', category: 'Category', saved: 'Saved' },
  summary: 'Changes in this version',
  fromLive: 'Differs from the live version',
  noCategory: 'No category',
  noDescription: 'No description',
  invalid: 'This version cannot be drawn:',
} as const;

export const LOCAL_DRAFT = {
  title: 'Restore your unsaved app?',
  text: (name: string, blocks: number, when: string) =>
    `"${name}" (${blocks} ${blocks === 1 ? 'block' : 'blocks'}) was kept in this browser ${when} and never saved.`,
  question: 'Restore it onto the canvas, or discard it?',
  restore: 'Restore',
  discard: 'Discard',
  restored: 'Unsaved app restored',
} as const;

/** An imported file whose node list cannot be drawn is refused with the spec's invalid-configuration text. */
export const IMPORT_REFUSED: UserMessage = {
  title: 'Import failed',
  description: `${INVALID_NODE_LIST_TEXT} ${INVALID_NODE_LIST_NOTE}`,
};

export const REVIEW_COMPARISON = {
  changesTitle: 'What changed',
  noChanges: 'No changes from the live version.',
  firstPublication: 'Not published before: everything is new.',
  live: (n: number | null) => (n === null ? 'Live: none yet' : `Live · version ${n}`),
  submitted: (n: number) => `In review · version ${n}`,
  fields: { name: 'Name', description: 'Description', category: 'Category', blocks: 'Blocks' },
  changed: 'Changed',
  none: '—',
  loading: 'Loading the versions...',
  loadFailed: 'The versions could not be loaded.',
  noVersion: 'This app has no version waiting for review.',
} as const;
