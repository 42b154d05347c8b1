/**
 * Every user-facing text of the API keys page and the app page's "Use via API" panel (not in the
 * spec: the issue "What the pricing page promises" asks for them). The refusal on plans without
 * API keys is the schema's `entitlementMessage`, the words the server answers with.
 */

/** Where the API keys page lives (linked from the account menu and the panel). */
export const API_KEYS_PATH = '/account/api-keys';
/** Where the plans are compared (the landing page's pricing section). */
export const PRICING_PATH = '/#pricing';

export const API_KEYS = {
  menuItem: 'API keys',
  title: 'API keys',
  intro:
    'An API key lets your own programs run published apps without signing in. Runs are charged to your credits. Send it as Authorization: Bearer <key>.',
  signedOut: 'Sign in to see and create your API keys.',
  loading: 'Loading your keys...',
  loadFailed: 'Your keys could not be loaded.',
  tryAgain: 'Try again',
  lockedTitle: 'API keys come with the Starter plan',
  comparePlans: 'Compare plans',
  createHeading: 'Create a key',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. Newsletter server',
  nameHelper: 'A name that tells you where the key is used.',
  create: 'Create key',
  listHeading: 'Your keys',
  none: 'No keys yet. Create one above to call your apps from your own code.',
  columns: { name: 'Name', key: 'Key', created: 'Created', lastUsed: 'Last used', actions: '' },
  neverUsed: 'Never',
  revoke: 'Revoke',
  createdTitle: 'Your new API key',
  createdWarning: "Copy it now: you won't see it again. If you lose it, revoke it and create another.",
  copyKey: 'Copy key',
  keyTitle: 'Authorization: Bearer <key>',
  done: 'I have copied it',
  revokeTitle: 'Revoke this key?',
  revokeText: (name: string) => `Programs using "${name}" stop working at once. This cannot be undone.`,
  revokeConfirm: 'Revoke key',
  cancel: 'Cancel',
  revoked: (name: string) => `Key "${name}" revoked`,
  createFailed: 'The key could not be created',
  revokeFailed: 'The key could not be revoked',
} as const;

export const API_PANEL = {
  title: 'Use via API',
  intro:
    'Run this app from your own code with an API key. Each run is charged to the key owner\u2019s credits.',
  keysLink: 'Manage API keys',
  keyNote:
    'Replace bsk_YOUR_KEY with a key from your API keys page. Keep keys on your server, never in a web page.',
  fileNote: 'File inputs cannot be sent with an API key yet: run apps with file inputs on their page.',
  tabs: { curl: 'curl', javascript: 'JavaScript', python: 'Python', openapi: 'OpenAPI' },
  openApiLoading: 'Loading the API description...',
  openApiFailed: 'The API description could not be loaded.',
  tryAgain: 'Try again',
  copy: 'Copy',
  requestTitle: (slug: string) => `POST /api/published/${slug}/run`,
  openApiTitle: 'OpenAPI 3.1 (this app only)',
  lockedTitle: 'Call this app from your code',
  lockedSignedOut: 'Sign in with a Starter plan or higher to run this app through the API.',
  signIn: 'Sign In',
  ownerUpgrade: 'Your plan has no API keys yet: upgrade to use these snippets.',
  comparePlans: 'Compare plans',
} as const;

/** The key the snippets show until someone pastes their own. */
export const API_KEY_PLACEHOLDER = 'bsk_YOUR_KEY';

/** The texts inside the app's own OpenAPI description. */
export const OPENAPI_FRAGMENT = {
  title: (appName: string) => `${appName} API`,
  description: (appName: string) =>
    `Runs the published app "${appName}" with an API key (Authorization: Bearer bsk_...) and answers its result fields.`,
  inputData: 'The app\u2019s inputs, by input name.',
} as const;
