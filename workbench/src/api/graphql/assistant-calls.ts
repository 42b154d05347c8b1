import type { GeneratedAppAnswer } from '../blocksmith-api';
import { GenerateAppDocument, GeneratePromptDocument } from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';

/** The assistants: an app built from a prompt, a prompt written from a description. */
export class AssistantCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async generateApp(prompt: string): Promise<GeneratedAppAnswer> {
    return (await this.transport.mutate(GenerateAppDocument, { prompt })).generateApp;
  }

  async generatePrompt(description: string, variables: string[]): Promise<string> {
    return (await this.transport.mutate(GeneratePromptDocument, { description, variables })).generatePrompt;
  }
}
