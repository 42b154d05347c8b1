/** A user-facing message as the spec writes it: 'Title: description'. Toasts show the two parts. */
export interface UserMessage {
  title: string;
  description: string;
}

/** The one-line form, `{title}: {description}`. */
export function messageText(message: UserMessage): string {
  return `${message.title}: ${message.description}`;
}
