import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { buildGatewaySchema } from './build-schema';

const SCHEMA_FILE = path.resolve(__dirname, '..', '..', '..', 'schema', 'schema.graphql');

/** schema/schema.graphql is the committed SDL; `UPDATE_SCHEMA=1 npm test -w @blocksmith/gateway` rewrites it. */
it('matches the committed schema/schema.graphql', async () => {
  const sdl = `${printSchema(await buildGatewaySchema())}\n`;
  if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, sdl);
  expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(sdl);
});
