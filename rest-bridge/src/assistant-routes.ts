import { anyObject, arrayOf, object, string } from './json-schema';
import { route, type Route } from './route';
import { field } from './route-helpers';
import { GenerateAppDocument, GeneratePromptDocument } from './generated/graphql';

/** The assistant: a prompt template for given variables, an app from one sentence. */

export const assistantRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/generate-prompt',
    summary: 'Writes a prompt template that uses every given variable.',
    auth: 'user',
    operation: GeneratePromptDocument,
    body: object(
      {
        description: string('What the prompt should do.', { minLength: 1, maxLength: 4000 }),
        variables: arrayOf(string('Variable name.', { maxLength: 100 }), 'Variables the prompt must use.'),
      },
      ['description'],
    ),
    variables: ({ body }) => ({ description: body.description, variables: body.variables ?? [] }),
    answer: (data) => ({ prompt: data.generatePrompt }),
    response: object({ prompt: string('The prompt template.') }, ['prompt']),
    errors: [502],
  }),
  route({
    method: 'POST',
    path: '/assistant/generate-app',
    summary: 'Builds an app from one sentence.',
    auth: 'user',
    operation: GenerateAppDocument,
    body: object({ prompt: string('What the app should do.', { minLength: 1, maxLength: 4000 }) }, [
      'prompt',
    ]),
    variables: ({ body }) => ({ prompt: body.prompt }),
    answer: field('generateApp'),
    response: object(
      {
        message: string('What was built, for the person.'),
        plugins: arrayOf(anyObject('A block on the canvas.'), 'The blocks, in order.'),
        connections: arrayOf(anyObject('A connection between two blocks.'), 'How they connect.'),
        variableMapping: anyObject('Per block: the prompt variables that were renamed, old to new.'),
        appName: string('The first 50 characters of the request.'),
        appDescription: string('The first 100 characters of the request.'),
      },
      ['message', 'plugins', 'connections', 'variableMapping', 'appName', 'appDescription'],
    ),
  }),
];
