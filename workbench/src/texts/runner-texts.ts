/**
 * User-facing texts of the app page, the result display, the assistants, the AI build, the
 * onboarding tour and the upgrade, word for word as the spec writes them (builder-and-runner.md,
 * sections 2, 4, 5, 8). Texts the spec does not give are marked.
 */
import type { UserMessage } from '@blocksmith/schema';

export const RUNNER = {
  runApp: 'Run App',
  processing: 'Processing...',
  signInToRun: 'Sign in to run this app and use credits',
  signIn: 'Sign in',
  creditsSignedOut: 'Please sign in to access your credits and track your usage.',
  unknownAuthor: 'Unknown',
  notFound: {
    title: 'App Not Found',
    description: 'The requested app could not be found or is not published.',
  } satisfies UserMessage,
  createNewApp: 'Create New App',
  upvoted: { title: 'Upvoted!', description: 'Thank you for your vote!' } satisfies UserMessage,
  upvoteFailed: 'Failed to upvote app',
  executed: 'App executed successfully!',
  runFailed: 'Failed to execute app',
  noAppId: 'App ID not found',
  // Not given by the spec:
  by: 'by',
  views: 'views',
  runs: 'runs',
  votes: 'votes',
  upvote: 'Upvote',
  youUpvoted: 'You upvoted this app',
  browseStore: 'Browse the store',
  inputs: 'Your inputs',
  results: 'Results',
  noInputs: 'This app needs no input: just run it.',
  credits: 'Credits',
  creditsLeft: 'credits left',
  costs: 'A run costs',
  loading: 'Loading the app...',
  loadFailed: 'The app could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  upgrade: 'Upgrade',
  account: 'Account',
} as const;

export const RESULTS = {
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  downloadJson: 'Download JSON',
  showAll: (n: number) => `Show all ${n}`,
  showLess: 'Show less',
  // A block's own words (its results' titles, labels and headings) come with its declaration.
  overallScore: 'Overall score',
  fullReview: 'Full review',
  outOf10: '/ 10',
} as const;

export const ASSISTANT = {
  button: 'AI assistant',
  title: 'AI assistant',
  placeholder: 'Describe the app you want, e.g. "Summarise a PDF and translate it to French"',
  send: 'Send',
  hint: 'Enter sends, Shift+Enter adds a new line.',
  invalidConfig: 'Invalid app configuration received',
  noToken: 'Authentication error. Please refresh the page and try again.',
  connectionFailed: 'Failed to connect to the AI service. Please check your connection and try again.',
  defaultError: "Sorry, I couldn't generate your app. Please try again.",
  built: {
    title: 'App built!',
    description: 'Your app has been created based on your request',
  } satisfies UserMessage,
  // Not given by the spec:
  welcome:
    'Hi! Describe the app you want in a sentence and I will build it on the canvas: its inputs, AI blocks and outputs.',
  signInNeeded: 'Please sign in to use the AI assistant: it builds apps with your account.',
  thinking: 'Building your app...',
  replaceTitle: 'Replace the app on the canvas?',
  replaceText:
    'The generated app replaces the blocks on the canvas. Changes you have not saved will be lost.',
  replaceConfirm: 'Load generated app',
} as const;

export const PROMPT_ASSISTANT = {
  open: 'Prompt Assistant',
  title: 'Prompt Assistant',
  generate: 'Generate Prompt',
  use: 'Use This Prompt',
  cancel: 'Cancel',
  failed: 'Failed to generate prompt',
  // Not given by the spec:
  describe: 'Describe what this block should do',
  describePlaceholder: 'e.g. Write a friendly product description from the input text',
  available: 'Mention every available variable:',
  generated: 'Generated prompt',
  again: 'Generate again',
} as const;

export const AI_BUILD = {
  cancelled: 'App Building Cancelled',
  generationFailed: 'App Generation Failed',
  generationFailedDefault: 'Failed to generate app. Please try again.',
  loadFailed: {
    title: 'Error Loading App',
    description: 'Failed to load the generated app configuration.',
  } satisfies UserMessage,
  // Not given by the spec:
  title: 'Building your app',
  loadingTitle: 'Loading your app',
  takes: 'This takes 10 to 30 seconds.',
  cancel: 'Cancel',
  cancelledText: 'You can ask the AI assistant to build it at any time.',
  steps: {
    10: 'Reading your request...',
    30: 'Choosing the blocks...',
    70: 'Connecting the blocks...',
    90: 'Checking the app...',
    100: 'Done!',
  } as Record<number, string>,
} as const;

/** The seven steps of the onboarding tour (the spec fixes their number, not their words). */
export const ONBOARDING_STEPS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Welcome to the Playground',
    text: 'Build small AI apps by connecting blocks. This short tour shows you around.',
  },
  {
    title: 'Blocks',
    text: 'The sidebar lists input, AI and output blocks. Drag one onto the canvas, or click it to add it.',
  },
  {
    title: 'Templates',
    text: 'Start from a ready app: pick a template under the blocks and adapt it.',
  },
  {
    title: 'Connect your blocks',
    text: "Drag from a block's green output handle on the right to another block's blue input handle on the left.",
  },
  {
    title: 'Configure',
    text: 'Select a block to change its settings in the properties panel. AI blocks have a Prompt Assistant.',
  },
  {
    title: 'Run and preview',
    text: 'Run opens the live preview: fill in the inputs and watch each block work on the canvas.',
  },
  {
    title: 'Publish or ask the assistant',
    text: 'Publish your app to the store when it is ready, or ask the AI assistant (bottom right) to build one for you.',
  },
];

export const ONBOARDING = {
  next: 'Next',
  previous: 'Previous',
  skip: 'Skip',
  finish: 'Finish',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
} as const;

export const UPGRADE = {
  button: 'Upgrade to Starter',
  failed: 'Failed to start upgrade process',
  /** What the server answers a checkout without billing (kept for that answer). */
  billingOff: 'Billing is not configured on this server',
  /** Without billing: plans come from the server's administrators (serverInfo.planContact). */
  askForPlan: (contact: string | null) =>
    `Plans on this server are set by its administrators: ask ${contact ?? 'your administrator'} for the Starter plan.`,
  success: {
    title: 'Upgrade Successful!',
    description: 'You are now on the Starter plan...',
  } satisfies UserMessage,
} as const;
