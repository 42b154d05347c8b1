import { startTestGateway, type TestGateway } from '../testing/graphql-client';
import { STARTER_TEMPLATES } from './starter-templates';

describe('the templates query', () => {
  let t: TestGateway;

  beforeAll(async () => {
    t = await startTestGateway();
  });

  afterAll(() => t.close());

  it('serves the starter apps to anyone, with their configs, in order', async () => {
    const { data, errors } = await t.graphql('{ templates { id name description category config } }');
    expect(errors).toBeUndefined();
    expect(data!.templates).toEqual(
      STARTER_TEMPLATES.map(({ id, name, description, category, config }) => ({
        id,
        name,
        description,
        category,
        config,
      })),
    );
  });
});
