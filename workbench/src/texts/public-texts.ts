/**
 * Every user-facing text of the public pages (landing, pricing, sales contact, store, publisher
 * page, my-apps analytics, legal pages, 404, error screen), word for word where the product spec
 * (public-and-account.md) gives it. Texts the spec leaves open are marked "(not in the spec)".
 */
import { PRODUCT_NAME } from './builder-texts';

export { PRODUCT_NAME };

/** Where the source code lives (not in the spec: the spec asks for "a link to an open-source repository"). */
export const REPOSITORY_URL = 'https://github.com/blocksmith-app/blocksmith';

export const TAGLINE = 'Create, share and monetize AI micro-apps visually without code.';

export const PUBLIC_HEADER = {
  pricing: 'Pricing',
  store: 'Store',
  repository: 'GitHub',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  myApps: 'My Apps',
  analytics: 'Analytics',
  builder: 'Open Builder',
  signOut: 'Sign Out',
  loadingCredits: 'Loading credits...',
  unlimitedCredits: 'Unlimited credits',
  menu: 'Menu',
} as const;

export function creditsLabel(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}

export const HERO = {
  heading: 'Build AI apps by connecting blocks',
  subheading: TAGLINE,
  promptLabel: 'Describe the app you want to build',
  samplePrompt:
    'An app that takes a product description and writes three catchy social media posts for it, each with a matching hashtag.',
  startBuilding: 'Start Building',
  visitPlayground: 'Visit Playground',
  /** Shown under the prompt when Start Building is pressed with a blank prompt (not in the spec). */
  blankPromptHint: 'Describe your app first, or open the playground to start from an empty canvas.',
} as const;

export const FEATURES = [
  {
    title: 'Visual Builder',
    text: 'Drag inputs, AI steps and outputs onto a canvas and wire them together. No code, no setup.',
  },
  {
    title: 'Powerful AI',
    text: 'Generate, classify, extract, rewrite, compare and summarise text, and create images, in one flow.',
  },
  {
    title: 'Instant Publishing',
    text: 'Publish your app to the store with one click and share its link. Others run it with their credits.',
  },
] as const;

export const PRICING = {
  heading: 'Pricing',
  subheading: 'Start free. Upgrade when your apps take off.',
  mostPopular: 'Most Popular',
  perMonth: '/month',
  free: {
    name: 'Free',
    price: '$0',
    action: 'Get Started',
    features: [
      '50 credits/month',
      '2 apps',
      'Limited templates',
      'Core plugins',
      'No embeds or monetization',
      'No analytics',
      'Community support',
    ],
  },
  starter: {
    name: 'Starter',
    price: '$20',
    action: 'Select Plan',
    features: [
      '500 credits',
      '10 apps',
      'Full templates',
      'Embeds',
      'Full plugins',
      'Basic analytics',
      'Email support (72 h response)',
    ],
  },
  enterprise: {
    name: 'Enterprise',
    price: 'Contact us',
    action: 'Contact Sales',
    features: [
      'Unlimited credits',
      'Unlimited apps',
      'Private/custom templates',
      'Custom domains',
      'Internal plugins',
      'Advanced analytics',
      'Dedicated team',
    ],
  },
} as const;

export const SALES = {
  title: 'Contact Sales',
  intro: "Tell us about your team and what you want to build. We'll get back to you within 24 hours.",
  name: 'Name',
  email: 'Email',
  company: 'Company',
  companySize: 'Company size',
  companySizeNone: 'Select company size (optional)',
  message: 'Message',
  send: 'Send Message',
  sending: 'Sending...',
  cancel: 'Cancel',
  required: (field: string) => `${field} is required.`,
  successTitle: 'Message Sent!',
  successFallback: "We'll get back to you within 24 hours.",
  failureTitle: 'Error',
  failureFallback: 'Failed to send message. Please try again.',
} as const;

export const FOOTER = {
  madeIn: 'Made with care in Germany',
  privacy: 'Privacy',
  terms: 'Terms',
  store: 'Store',
  social: [
    { label: 'GitHub', href: REPOSITORY_URL },
    { label: 'X (Twitter)', href: 'https://x.com/blocksmith_app' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/blocksmith-app' },
  ],
} as const;

export const STORE = {
  title: 'App Store',
  subtitle: 'Discover AI apps made by the community, and run them in your browser.',
  searchPlaceholder: 'Search apps...',
  allApps: 'All Apps',
  myApps: 'My Apps',
  createNewApp: 'Create New App',
  allCategories: 'All',
  noDescription: 'No description provided',
  views: 'views',
  runs: 'runs',
  votes: 'votes',
  openApp: 'Open App',
  upvote: 'Upvote',
  upvoted: 'Upvoted',
  signInToUpvote: 'Sign in to upvote',
  private: 'Private',
  status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  deleteApp: 'Delete App',
  makePublic: 'Make Public',
  makePrivate: 'Make Private',
  reviewFeedback: 'Review Feedback',
  confirmDeletion: 'Confirm Deletion',
  confirmDeletionText: (name: string) =>
    `"${name}" will be deleted permanently, with its runs and votes. This cannot be undone.`,
  deletePermanently: 'Delete Permanently',
  keepApp: 'Keep App',
  feedbackTitle: 'Review Feedback',
  feedbackReason: 'Reason',
  feedbackNextSteps: 'Next steps',
  feedbackNextStepsText:
    'Open the app in the builder, address the points above and publish it again. It will be reviewed once more, which typically takes 24-48 hours.',
  close: 'Close',
  editApp: 'Edit App',
  loading: 'Loading apps...',
  loadFailed: 'Failed to load apps.',
  retry: 'Try again',
  emptyAllTitle: 'No apps yet',
  emptyAllText: 'No apps have been published to the store yet. Be the first: build one and publish it.',
  emptyMyTitle: "You haven't created any apps yet",
  emptyMyText: 'Build your first app in the builder; it will show up here once you save or publish it.',
  emptyMySignedOutTitle: 'Sign in to see your apps',
  emptyMySignedOutText: 'Your own apps, published or not, are listed here once you are signed in.',
  noMatchTitle: 'No apps match your search',
  noMatchText: 'Try another search or category.',
  clearFilters: 'Clear filters',
  deleted: 'App deleted',
  deleteFailed: 'Failed to delete app',
  by: 'by',
  unknownPublisher: 'Publisher',
} as const;

export const PUBLISHER = {
  heading: (name: string) => `More by ${name}`,
  headingUnknown: 'More by Publisher',
  empty: 'No published apps found',
  loadFailed: 'Failed to load publisher or apps.',
  loadFailedHint: 'Try refreshing the page.',
  backToStore: 'Back to Store',
} as const;

export const MY_APPS = {
  title: 'My Apps Analytics',
  subtitle: 'How your published apps are doing.',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  totalViews: 'Total Views',
  totalRuns: 'Total Runs',
  totalUpvotes: 'Total Upvotes',
  chartTitle: 'Runs over time',
  chartTitleWithViews: 'Runs and views over time',
  allApps: 'All apps',
  appFilter: 'Show',
  lockedTitle: 'Runs over time come with the Starter plan',
  comparePlans: 'Compare plans',
  runs: 'Runs',
  views: 'Views',
  upvotes: 'Upvotes',
  topApp: 'Top App',
  appsTitle: 'Your published apps',
  status: { private: 'Private', published: 'Published', draft: 'Draft' },
  emptyTitle: 'No published apps yet',
  emptyText: 'Publish an app from the builder to see its views, runs and upvotes here.',
  openBuilder: 'Open Builder',
  signInTitle: 'Sign in to see your analytics',
  signInText: 'Analytics of your own apps are available once you are signed in.',
  loadFailed: 'Failed to load analytics.',
  retry: 'Try again',
  loading: 'Loading analytics...',
} as const;

export const NOT_FOUND = {
  code: '404',
  title: 'Page not found',
  text: "The page you are looking for doesn't exist or has moved.",
  home: 'Go Home',
  store: 'Browse the Store',
} as const;

export const ERROR_SCREEN = {
  title: 'Something went wrong',
  text: 'An unexpected error stopped this page. Refreshing usually helps; your saved apps are safe.',
  refresh: 'Refresh Page',
} as const;

/** Children under this age may not use the product (privacy page and terms). */
export const CHILD_PRIVACY_AGE = 13;
