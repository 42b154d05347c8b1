import type { UserMessage } from './user-message';

/** The publish checks' messages, in the order they are checked (spec, section 5). */
export const PUBLISH_PROBLEMS = {
  authPending: { title: 'Please wait', description: 'Authentication is being verified...' },
  signedOut: { title: 'Authentication Required', description: 'Please sign in to publish your app' },
  noCategory: {
    title: 'Category Required',
    description: 'Please select a category for your app before publishing',
  },
  noName: { title: 'App Name Required', description: 'Please enter a name for your app before publishing' },
} as const satisfies Record<string, UserMessage>;

export interface PublishCheck {
  /** The authentication check has finished. */
  authChecked: boolean;
  signedIn: boolean;
  category: string;
  name: string;
}

/**
 * The first reason the app cannot be published yet, or null: authentication still being
 * verified, not signed in, no category, then a name that is empty after trimming.
 */
export function publishProblem({ authChecked, signedIn, category, name }: PublishCheck): UserMessage | null {
  if (!authChecked) return PUBLISH_PROBLEMS.authPending;
  if (!signedIn) return PUBLISH_PROBLEMS.signedOut;
  if (category.trim() === '') return PUBLISH_PROBLEMS.noCategory;
  if (name.trim() === '') return PUBLISH_PROBLEMS.noName;
  return null;
}
