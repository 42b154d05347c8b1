import { WAITING_FOR_APPROVAL } from '@blocksmith/schema';

/** Every text of the chat window (app page and embed), in one place. */
export const CHAT = {
  title: 'Chat',
  tabChat: 'Chat',
  tabForm: 'Form',
  conversations: 'Conversations',
  newConversation: 'New conversation',
  noConversations: 'No conversations yet: your first message starts one.',
  empty: 'Send a message to start. The app remembers the conversation.',
  send: 'Send',
  stop: 'Stop',
  regenerate: 'Regenerate',
  copy: 'Copy',
  copied: 'Answer copied.',
  rename: 'Rename',
  renamePrompt: 'Name',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleted: 'Conversation deleted. Its runs stay in your run history.',
  you: 'You',
  app: 'App',
  thinking: 'Thinking...',
  stopped: 'Stopped. Regenerate to ask again.',
  stopping: 'Stopping...',
  notStopped:
    'The answer could not be stopped: it had already ended, or the server writing it did not stop it in time.',
  stopFailed: 'The answer could not be stopped. Please try again.',
  waiting: WAITING_FOR_APPROVAL,
  waitingNote: 'This answer waits for a person to approve it. It shows here once approved.',
  waitingRunLink: 'Open its run (the app’s owner approves it there)',
  waitingComposer:
    'The last message waits for approval: send the next one once it is answered, or start a new conversation.',
  failed: 'This message was not answered.',
  runLink: 'Run',
  /** Run history: a chat message's run links to its conversation. */
  conversationLink: 'Open its conversation',
  signInToChat: 'Sign in to chat with this app.',
  loadFailed: 'The conversations could not be loaded.',
  sendFailed: 'The message could not be sent.',
  memory: (turns: number, older: string | null) =>
    `Remembers your last ${turns} ${turns === 1 ? 'message' : 'messages'} and their answers${older === 'summary' ? ', and the ones before them in brief' : ''}.`,
  costPerMessage: 'Each message is a run:',
} as const;
