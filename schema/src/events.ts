/** The product events (spec: tracked events and their fields). */
export const EVENT_NAMES = [
  'user_signup',
  'user_login',
  'start_building',
  'visit_playground',
  'landing_page_interaction',
  'app_created',
  'app_saved',
  'app_published',
  'app_duplicated',
  'app_exported',
  'app_shared',
  'app_executed',
  'app_viewed',
  'upvote_given',
  'plugin_used',
  'assistant_used',
  'template_loaded',
  'error_occurred',
  'app_execution_error',
  'authentication_error',
  'publishing_error',
  'network_error',
  'validation_error',
  'password_reset_requested',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Events the server witnesses itself and records as they happen, so they are counted once and
 * cannot be made up by a client: browsers send only what happens in the page.
 */
export const SERVER_EVENT_NAMES = [
  'user_signup',
  'user_login',
  'password_reset_requested',
  'app_created',
  'app_saved',
  'app_published',
  'app_executed',
  'app_viewed',
  'upvote_given',
] as const satisfies readonly EventName[];
export type ServerEventName = (typeof SERVER_EVENT_NAMES)[number];

/** Events the page witnesses and sends; the server records the others itself. */
export type PageEventName = Exclude<EventName, ServerEventName>;
