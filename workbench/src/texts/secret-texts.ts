/** Every user-facing text of the Secrets page (not in the spec). */
export const SECRETS_PATH = '/account/secrets';

export const SECRETS_TEXT = {
  menuItem: 'Secrets',
  title: 'Secrets',
  intro:
    'Values your blocks use without showing them, such as an API token in an HTTP Request header: Authorization: Bearer {{secret.API_TOKEN}}. A saved value is kept encrypted and never shown again; runs of your apps use it, whoever runs them.',
  signedOut: 'Sign in to keep secrets for your blocks.',
  loading: 'Loading secrets...',
  loadFailed: 'Your secrets could not be loaded.',
  tryAgain: 'Try again',
  formHeading: 'Save a secret',
  nameLabel: 'Name',
  nameHelp: 'Upper-case letters, digits and underscores, e.g. GITHUB_TOKEN.',
  valueLabel: 'Value',
  valueHelp: 'Saving a name you already have replaces its value.',
  save: 'Save Secret',
  saved: (name: string) => `Secret ${name} saved`,
  saveFailed: 'The secret could not be saved.',
  listHeading: 'Your secrets',
  empty: 'No secrets yet.',
  columns: { name: 'Name', use: 'Use it as', updated: 'Last changed', actions: 'Actions' },
  replace: 'Replace',
  delete: 'Delete',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteText:
    'Blocks that use it will fail, saying it is missing, until you save a secret with this name again.',
  cancel: 'Cancel',
  deleted: (name: string) => `Secret ${name} deleted`,
  deleteFailed: 'The secret could not be deleted.',
  usage: (name: string) => `{{secret.${name}}}`,
} as const;
