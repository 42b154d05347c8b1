/**
 * Every user-facing text of the builder screen, word for word as the product spec writes it
 * (spec: builder-and-runner.md, sections 2, 4, 5, 8). Texts the spec does not give are marked.
 */
import type { UserMessage } from '@blocksmith/schema';

export const PRODUCT_NAME = 'Blocksmith';
export const STORE_LINK_LABEL = `${PRODUCT_NAME} store`;

export const HEADER = {
  run: 'Run',
  processing: 'Processing...',
  publish: 'Publish',
  signInToPublish: 'Sign In to Publish',
  save: 'Save',
  preview: 'Preview',
  loadingCredits: 'Loading credits...',
  analytics: 'Analytics',
  signOut: 'Sign Out',
  signIn: 'Sign In',
} as const;

export const PALETTE = {
  searchPlaceholder: 'Search blocks...',
  noBlocksMatching: 'No blocks found matching',
  clearSearch: 'Clear search',
  emptySection: {
    input: 'No input blocks found',
    ai: 'No AI blocks found',
    output: 'No output blocks found',
  },
  templates: 'Templates',
} as const;

export const CANVAS = {
  title: 'Playground',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Reset zoom',
  fit: 'Fit',
  fullScreen: 'Full Screen',
  exitFullScreen: 'Exit Full Screen',
  emptyHeading: 'Start building your workflow',
  emptyText:
    'Drag blocks from the sidebar to create your first workflow. Connect them to build powerful automations.',
  hintHeading: 'Connect your nodes',
  hintText:
    'Click the output handle (right side, coloured green) of one node and drag to the input handle (left side, coloured blue) of another.',
} as const;

export function nodeCount(n: number): string {
  return `${n} ${n === 1 ? 'node' : 'nodes'}`;
}

export const ADD_NODE = {
  button: 'Add Node',
  title: 'Add Node',
  subtitle: 'Search and add a node to your canvas workflow.',
  searchPlaceholder: 'Search nodes...',
  empty: 'No nodes found',
} as const;

export const PROPERTIES = {
  collapse: 'Collapse Properties Panel',
  expand: 'Expand Properties Panel',
  appProperties: 'App Properties',
  name: 'App name',
  description: 'Description',
  category: 'Category',
  chooseCategory: 'Choose a category',
  private: 'Private (only in your My Apps)',
  headsUp: 'Heads up',
  headsUpText: 'These variables from connected blocks are not used in the prompt:',
  variables: 'Available variables',
  variablesHelp: 'Click a variable to insert it into the prompt.',
  fields: 'Fields seen in the last run',
  noSelection: 'Select a block on the canvas to edit its settings.',
  deleteBlock: 'Delete block',
  onError: 'On error',
  onErrorHelp: {
    stop: 'If this block fails, the run stops.',
    continue:
      'If this block fails, the blocks after it get "Error: …" instead, and the run goes on. In a loop, the other items go on and the result says which items failed.',
    route:
      'If this block fails, only the blocks connected to its error handle run, with the error; on success they are skipped.',
  },
} as const;

export const TOASTS = {
  saved: 'App saved successfully!',
  saveFailed: { title: 'Error', description: 'Failed to save app' } satisfies UserMessage,
  previewSaveFailed: 'Failed to save app before preview',
  executed: 'App executed successfully!',
  runFailed: 'Failed to execute app',
  requestFailed: 'Failed to process request',
  noAppId: 'App ID not found. Please refresh the page.',
  publishingLimit: {
    title: 'Publishing Limit Reached',
    description: 'You have reached your publishing limit. Upgrade your plan to publish more apps.',
  } satisfies UserMessage,
  missingFields: {
    title: 'Missing Required Fields',
    description: 'Please ensure your app has a name and category before publishing.',
  } satisfies UserMessage,
  publishFailed: {
    title: 'Error',
    description: 'Failed to publish app. Please try again.',
  } satisfies UserMessage,
  accessDenied: {
    title: 'Access Denied',
    description: 'You can only edit your own apps.',
  } satisfies UserMessage,
  loadFailed: 'Failed to load the app. Please try again.',
  copied: 'Copied',
  templateLoaded: 'Template loaded',
  duplicated: 'App duplicated',
  linkCopied: 'Link copied',
  notPublished: {
    title: 'App not published',
    description: 'Please publish your app first to share it',
  } satisfies UserMessage,
  upgradeSuccess: {
    title: 'Upgrade Successful!',
    description: 'You are now on the Starter plan...',
  } satisfies UserMessage,
  // Not given by the spec:
  exported: 'App exported',
  imported: 'App imported',
  importFailed: 'Import failed',
  authRequiredToRun: { title: 'Authentication Required', description: 'Please sign in to run your app' },
} as const;

export const SHARE = {
  title: 'App Submitted for Review!',
  text: 'Your app has been submitted and is under review. Review typically takes 24-48 hours.',
  status: "You can follow its status under 'My Apps' in the store.",
  link: 'Link to your app',
  copyLink: 'Copy link',
  done: 'Done',
} as const;

export const CREDITS_PANEL = {
  title: 'Credits',
  error: 'Error loading credits',
  signedOut: 'Sign in to view credits',
  signedOutText: 'Please sign in to access your credits and track your usage.',
  perRun: 'Cost per run',
  publishing: 'Published apps',
  unlimited: 'Unlimited',
} as const;

export const INVALID_SCREEN_HINT = 'Start a new app';

export const CONFIRM = {
  newApp: {
    title: 'Start a new app?',
    description: 'Changes you have not saved will be lost.',
    confirm: 'Start new app',
  },
  loadTemplate: {
    title: 'Load this template?',
    description: 'The template replaces the blocks on the canvas. Changes you have not saved will be lost.',
    confirm: 'Load template',
  },
  importApp: {
    title: 'Import this app?',
    description: 'The imported app replaces the one on the canvas. Changes you have not saved will be lost.',
    confirm: 'Import',
  },
  cancel: 'Cancel',
} as const;

export const RUN_PANEL = {
  title: 'Live preview',
  inputs: 'Inputs',
  noInputs: 'This app has no input blocks; it runs with what its blocks hold.',
  results: 'Results',
  noResults: 'Run the app to see its results here.',
  signInToRun: 'Sign in to run your app and use credits.',
  chooseFile: 'Choose file...',
  cost: 'This run costs',
} as const;

/** The checklist by the preview's Run button (not given by the spec). */
export const CHECKLIST = {
  title: 'Before this app can run',
  lead: 'Fix these first; select one to open its block.',
  fixFirst: 'Fix the problems listed above Run before running the app.',
} as const;
