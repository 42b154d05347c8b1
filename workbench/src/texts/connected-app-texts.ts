/** Where the person's connected apps are listed. */
export const CONNECTED_APPS_PATH = '/account/connected-apps';

/** The account page's connected apps (AI assistants connected through OAuth). */
export const CONNECTED_APPS = {
  menuItem: 'Connected apps',
  title: 'Connected apps',
  intro:
    'AI assistants you connected to your account (Claude, ChatGPT, Cursor...) call published apps as tools, charged to your credits. Each may spend up to its daily limit.',
  loading: 'Loading your connected apps…',
  signedOut: 'Sign in to see the apps connected to your account.',
  loadFailed: 'Your connected apps could not be loaded.',
  tryAgain: 'Try again',
  none: 'No app is connected to your account. Connect one from your AI assistant with this server’s MCP address.',
  columns: {
    name: 'App',
    connected: 'Connected',
    lastUsed: 'Last used',
    today: 'Spent today',
    total: 'Spent in total',
    limit: 'Daily limit',
    actions: 'Actions',
  },
  never: 'Never',
  credits: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`,
  via: (host: string) => `signs in through ${host}`,
  limitLabel: (name: string) => `Daily credit limit for ${name}`,
  saveLimit: 'Save',
  limitSaved: (name: string, n: number) =>
    `${name} may now spend ${n.toLocaleString('en-US')} credits a day.`,
  revoke: 'Disconnect',
  revokeTitle: 'Disconnect this app?',
  revokeBody: (name: string) =>
    `${name} will stop working with your account at once. It can connect again only if you allow it again.`,
  revokeConfirm: 'Disconnect',
  cancel: 'Cancel',
  revoked: (name: string) => `${name} was disconnected.`,
  invalidLimit: 'Enter a whole number of credits from 0 to 1,000,000.',
} as const;

/** The consent page an AI assistant sends the person to when it connects. */
export const OAUTH_CONSENT = {
  pageTitle: 'Connect an app',
  loading: 'Loading the request…',
  signInTitle: 'Sign in to connect',
  signIn: 'Sign in to Blocksmith to let this app use your account.',
  signInButton: 'Sign in',
  failedTitle: 'This request cannot be answered',
  title: (name: string) => `${name} wants to use your Blocksmith account`,
  from: (host: string) => `After you answer, you go back to ${host}.`,
  account: (email: string) => `Signed in as ${email}`,
  what: 'It will be able to:',
  abilities: [
    'See the published apps in the store and their prices',
    'Run them for you, charged to your credits',
  ],
  already:
    'This app is already connected. Allowing it again replaces its daily limit and its earlier access.',
  limitLabel: 'Credits it may spend per day',
  limitHelper:
    'A call that would pass this limit is refused. You can change it or disconnect the app at any time under Connected apps.',
  allow: 'Allow',
  deny: 'Deny',
  invalidLimit: CONNECTED_APPS.invalidLimit,
  redirecting: 'Taking you back to the app…',
} as const;
