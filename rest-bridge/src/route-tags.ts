import type { Route } from './route';

/** A group of operations in the OpenAPI document (and in the tools that show it). */
export interface RouteTag {
  name: string;
  description: string;
}

/** The API's groups, in the order the document lists them. */
export const ROUTE_TAGS = {
  accounts: {
    name: 'Accounts',
    description: 'Sign-up, sign-in, sessions, e-mail confirmation and passwords; your user record.',
  },
  apps: {
    name: 'Apps',
    description:
      'Your apps: make, read, change and delete them, their versions, and the AI models they may use.',
  },
  store: {
    name: 'Store',
    description:
      'Published apps as everyone sees them: the store, a publisher’s apps, an app’s page, views and upvotes.',
  },
  publishing: {
    name: 'Publishing',
    description: 'Publishing an app, taking it down, and the admins’ review of apps waiting for it.',
  },
  runs: {
    name: 'Runs',
    description: 'Running an app (yours, or a published one) and reading the runs made.',
  },
  chat: { name: 'Chat', description: 'Conversations with chat apps: messages, answers and their runs.' },
  triggers: {
    name: 'Triggers',
    description: 'What runs an app without you: schedules, and webhooks other services call.',
  },
  testing: {
    name: 'Tests',
    description: 'An app’s test set (cases with inputs and checks) and test runs against its versions.',
  },
  access: {
    name: 'API access',
    description: 'API keys, and the apps (OAuth clients such as MCP hosts) connected to your account.',
  },
  secrets: {
    name: 'Secrets',
    description: 'Values your HTTP Request blocks send, kept by name; never read back.',
  },
  knowledge: {
    name: 'Knowledge',
    description: 'Knowledge bases: documents read into passages that knowledge blocks search.',
  },
  credits: {
    name: 'Credits and plans',
    description: 'Your balance, what runs cost, and buying a plan.',
  },
  assistant: {
    name: 'Assistant',
    description: 'Help writing apps: prompt templates and an app from one sentence.',
  },
  earnings: {
    name: 'Earnings',
    description: 'Prices of your apps, what their sales earned, payouts, and enquiries to sales.',
  },
  analytics: { name: 'Analytics', description: 'How your apps are used, and the product’s own events.' },
  admin: { name: 'Admin', description: 'Admins only: people’s accounts, plans, credits and suspensions.' },
} as const satisfies Record<string, RouteTag>;

/** `routes`, each in the group `tag`. */
export function tagged(tag: RouteTag, routes: readonly Route[]): Route[] {
  return routes.map((route) => ({ ...route, tag: tag.name }));
}
