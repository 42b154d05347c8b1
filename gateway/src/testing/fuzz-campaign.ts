import http from 'node:http';
import { databaseTargets, openTestDatabase } from './database';
import type { Fixtures } from './fuzz-base-values';
import { MB } from './fuzz-bodies';
import {
  WEBHOOK_SECRET,
  newPerson,
  restoreApp,
  setUpFixtures,
  startStripeStub,
  stillAnswering,
} from './fuzz-fixtures';
import { startApiTestGateway, type ApiTestGateway } from './rest-client';

/**
 * The harness every fuzz test file shares: it starts a gateway (with a Stripe stub) on a database of
 * its own, sets up the fixtures, lets the file send its batches of malformed requests, and judges
 * each answer. Every answer must be below 500 (GraphQL: without an INTERNAL_SERVER_ERROR), every
 * 4xx of /api must be `{ error, message }`, brief and naming no internals, and the server must keep
 * answering (and keep the main session) after each batch. `describeFuzzCampaign` runs a file's
 * campaign on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 *
 * Each file has a request budget: a campaign that would send more stops at once with an error
 * saying to split the file, so no file can creep up on its time limit as probes are added.
 */

/** How long one file's campaign may take on one database target. */
export const CAMPAIGN_TIME_LIMIT_MS = 600_000;
/** Requests in flight at once. */
const CONCURRENCY = 8;

/** One request of the campaign. */
export interface Probe {
  area: 'rest' | 'graphql';
  /** What is fuzzed: `POST /api/apps/{id}`, `mutation createApp`. */
  target: string;
  /** What is wrong with this request. */
  variant: string;
  role: 'signed in' | 'signed out' | 'bad token';
  method: string;
  /** Path and query, sent as they are (already percent-encoded where they should be). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The one status that is right (otherwise any below 500 is). */
  expected?: number;
}

export interface Outcome {
  probe: Probe;
  /** Null when no answer came. */
  status: number | null;
  contentType: string;
  text: string;
  /** What is wrong with the answer; empty when it is fine. */
  problems: string[];
}

type Answer = Omit<Outcome, 'problems' | 'probe'>;

/** Sends one batch of probes and checks the server is still serving afterwards. */
export type RunBatch = (batch: string, probes: Probe[]) => Promise<void>;

/** What a test file sends: its batches, through `run`, against the set-up fixtures. */
export type Fuzz = (t: ApiTestGateway, fixtures: Fixtures, run: RunBatch) => Promise<void>;

/** The answer's only problems are a 500 or an INTERNAL_SERVER_ERROR (for matching a known defect). */
export const serverFailed = (outcome: Outcome) =>
  outcome.problems.every((problem) => problem === 'answered 500' || problem === 'an INTERNAL_SERVER_ERROR');

/**
 * Defects the campaign has found and the server does not fix yet. The main assertions leave their
 * requests out; each is asserted by its own `it.failing`, so the suite stays green while it exists
 * and goes red once it is fixed (then delete the entry). Racy ones are only printed.
 */
const KNOWN_DEFECTS: readonly {
  name: string;
  matches(outcome: Outcome): boolean;
  /** Found only when requests happen to race: printed, never asserted. */
  racy?: boolean;
}[] = [];

/** What an answer says only when the server lets its own failure through. */
const INTERNALS = /Maximum call stack|RangeError|TypeError|QueryFailedError|node_modules|\bat \/\w/;

/** Batches whose requests all write one existing app (REST routes and GraphQL mutations). */
const SAME_APP_WRITES =
  /^((PUT|PATCH|POST) \/api\/apps\/\{id\}(\/(publish|unpublish|review|toggle-private))?|mutation (updateApp|publishAppWithData|publishApp|unpublishApp|setAppPrivate|reviewApp))$/;

/**
 * Sends one request with node's HTTP client, which sends paths and bodies exactly as given. A
 * request on a kept-alive connection the server closed as idle just as it was sent (ECONNRESET
 * before any answer, on a reused socket) never reached the server: it is sent once more, as
 * Node's documentation advises, on a new connection.
 */
function send(agent: http.Agent, origin: URL, probe: Probe, retried = false): Promise<Answer> {
  return new Promise((resolve) => {
    let answered = false;
    const headers: Record<string, string | number> = { ...probe.headers };
    if (probe.body !== undefined) headers['content-length'] = Buffer.byteLength(probe.body);
    const request = http.request({
      host: origin.hostname,
      port: origin.port,
      method: probe.method,
      path: probe.path,
      headers,
      agent,
    });
    request.setTimeout(60_000, () => request.destroy(new Error('no answer within 60 s')));
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = (error?: Error) =>
        resolve({
          status: response.statusCode ?? null,
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8') + (error ? ` [then: ${error.message}]` : ''),
        });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done());
      response.on('error', done);
    });
    // The server may answer (413, 401) and close before the whole body is written: that is fine.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (request.reusedSocket && error.code === 'ECONNRESET' && !retried) {
        resolve(send(agent, origin, probe, true));
        return;
      }
      resolve({ status: null, contentType: '', text: `no answer: ${error.message}` });
    });
    request.end(probe.body);
  });
}

/** Runs `work` on every item, `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer, by the rules of its area. */
function problemsOf(probe: Probe, answer: Answer): string[] {
  if (answer.status === null) return [answer.text];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  else if (probe.expected && answer.status !== probe.expected)
    problems.push(`answered ${answer.status}, not ${probe.expected}`);
  // A malformed request is answered briefly: an answer this large multiplies what was sent.
  if (answer.text.length > MB) problems.push(`an answer of ${(answer.text.length / MB).toFixed(1)} MB`);
  const internals = INTERNALS.exec(answer.text);
  if (internals) problems.push(`an answer naming the server's internals ("${internals[0]}")`);
  const body = parseJson(answer.text) as Record<string, unknown> | undefined;
  if (probe.area === 'rest' && answer.status >= 400 && answer.status < 500) {
    const shaped =
      answer.contentType.includes('json') &&
      body !== null &&
      typeof body === 'object' &&
      typeof body.error === 'string' &&
      typeof body.message === 'string';
    if (!shaped) problems.push(`a ${answer.status} answer that is not { error, message }`);
  }
  if (probe.area === 'graphql') {
    const errors = (body as { errors?: { extensions?: { code?: unknown } }[] } | undefined)?.errors;
    if (Array.isArray(errors) && errors.some((error) => error?.extensions?.code === 'INTERNAL_SERVER_ERROR'))
      problems.push('an INTERNAL_SERVER_ERROR');
  }
  return problems;
}

function preview(value: string | Buffer | undefined, length = 160): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? value : value.toString('latin1');
  const shown = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return text.length > length ? `${shown} (${text.length} characters)` : shown;
}

/** One line a person can replay the request from. */
function describeOutcome(outcome: Outcome): string {
  const { probe } = outcome;
  const headers = Object.entries(probe.headers)
    .map(([name, value]) => `${name}: ${name === 'authorization' ? value.slice(0, 24) : value}`)
    .join('; ');
  return (
    `[${probe.role}] ${probe.method} ${preview(probe.path, 140)} (${probe.variant})` +
    `\n    headers: ${headers || '(none)'}\n    body: ${preview(probe.body)}` +
    `\n    answer: ${outcome.status ?? 'none'} ${preview(outcome.text, 400)}\n    problem: ${outcome.problems.join('; ')}`
  );
}

/** Everything the campaign sent, and what came back. */
interface Campaign {
  outcomes: Outcome[];
  /** Batches after which the server stopped answering (or the main session ended). */
  liveness: string[];
  /** Lines the server logged as errors during the campaign. */
  logged: string[];
  /** How long each batch took, for the summary. */
  batches: { batch: string; requests: number; seconds: number }[];
  /** Seconds to start the gateway and set up the fixtures, and in all. */
  setUpSeconds: number;
  seconds: number;
  close(): Promise<void>;
}

async function runCampaign(serverUrl: string | undefined, budget: number, fuzz: Fuzz): Promise<Campaign> {
  const started = Date.now();
  const database = serverUrl ? await openTestDatabase(serverUrl) : undefined;
  const stripe = await startStripeStub();
  const t: ApiTestGateway = await startApiTestGateway({
    ADMIN_EMAILS: 'admin@example.com',
    STRIPE_SECRET_KEY: 'sk_test_blocksmith',
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...(serverUrl ? { DATABASE_URL: database?.url ?? serverUrl } : {}),
  });
  const origin = new URL(t.gateway.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const logged: string[] = [];
  const spies = [
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) => (arg instanceof Error ? arg.stack : String(arg)))
          .join(' ')
          .slice(0, 600),
      );
    }),
    jest.spyOn(console, 'log').mockImplementation(() => undefined),
    jest.spyOn(console, 'warn').mockImplementation(() => undefined),
  ];
  const close = async () => {
    for (const spy of spies) spy.mockRestore();
    await t.close();
    agent.destroy();
    await new Promise((resolve) => stripe.server.close(resolve));
    await database?.close();
  };
  try {
    const fixtures = await setUpFixtures(t);
    const setUpSeconds = (Date.now() - started) / 1000;
    const outcomes: Outcome[] = [];
    const liveness: string[] = [];
    const batches: Campaign['batches'] = [];
    const run: RunBatch = async (batch, probes) => {
      if (outcomes.length + probes.length > budget)
        throw new Error(
          `The campaign outgrew its budget of ${budget} requests at "${batch}" ` +
            `(${outcomes.length} sent, ${probes.length} more): split the file by what it probes.`,
        );
      const batchStarted = Date.now();
      // Requests that write one app go one at a time, so that each answer is about its own
      // request; the racing batches send such writes at once on purpose.
      const concurrency = SAME_APP_WRITES.test(batch) ? 1 : CONCURRENCY;
      const answers = await inParallel(probes, concurrency, async (probe) => {
        const answer = await send(agent, origin, probe);
        return { probe, ...answer, problems: problemsOf(probe, answer) };
      });
      outcomes.push(...answers);
      if (/publish|private|review/i.test(batch)) await restoreApp(t, fixtures);
      const alive = await stillAnswering(t, fixtures.user.token);
      if (alive !== null) {
        liveness.push(`after ${batch}: ${alive}`);
        // Carry on with a new session, so one finding does not hide the rest.
        if (alive.includes('session')) fixtures.user = await newPerson(t, 'replacement');
      }
      batches.push({ batch, requests: probes.length, seconds: (Date.now() - batchStarted) / 1000 });
    };
    await fuzz(t, fixtures, run);
    return {
      outcomes,
      liveness,
      logged,
      batches,
      setUpSeconds,
      seconds: (Date.now() - started) / 1000,
      close,
    };
  } catch (error) {
    await close();
    if (logged.length > 0 && error instanceof Error)
      error.message += `\nThe server logged:\n${logged.join('\n')}`;
    throw error;
  }
}

/** The errors the server logged, each kind once with how often. */
function loggedSummary(logged: readonly string[]): string[] {
  const kinds = new Map<string, number>();
  for (const line of logged) {
    const kind = line.split('\n')[0]!.slice(0, 200);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  if (kinds.size === 0) return [];
  return ['The server logged:', ...[...kinds].map(([kind, count]) => `  ${count} × ${kind}`)];
}

/** What the campaign sent, by area and role, the slowest batches, and what the server logged. */
function summary(name: string, campaign: Campaign, budget: number): string {
  const count = (area: Probe['area'], role?: Probe['role']) =>
    campaign.outcomes.filter((o) => o.probe.area === area && (!role || o.probe.role === role)).length;
  const sent = (area: Probe['area'], label: string) =>
    `${count(area)} ${label} requests (${count(area, 'signed in')} signed in, ${count(area, 'signed out')} signed out, ${count(area, 'bad token')} with a bad token)`;
  const known = KNOWN_DEFECTS.map((defect) => {
    const found = campaign.outcomes.filter(
      (outcome) => outcome.problems.length > 0 && defect.matches(outcome),
    );
    return `  ${defect.name}: ${found.length} requests`;
  });
  const slowest = [...campaign.batches].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  return [
    `Fuzzed on ${name} in ${campaign.seconds.toFixed(0)} s (${campaign.setUpSeconds.toFixed(0)} s to set up; limit ${CAMPAIGN_TIME_LIMIT_MS / 1000} s), ` +
      `${campaign.outcomes.length} of a budget of ${budget} requests: ` +
      `${sent('rest', '/api')}, ${sent('graphql', 'GraphQL')}.`,
    `Slowest batches: ${slowest.map((b) => `${b.batch} (${b.requests} in ${b.seconds.toFixed(1)} s)`).join(', ')}.`,
    ...(known.length > 0 ? ['Known defects still present:', ...known] : []),
    ...loggedSummary(campaign.logged),
  ].join('\n');
}

const describeFailures = (outcomes: readonly Outcome[]) => outcomes.map(describeOutcome).join('\n');

/**
 * The tests of one fuzz file: its campaign runs once per database target, then each area it
 * probes is judged, and the server must have kept serving after every batch.
 */
export function describeFuzzCampaign(
  subject: string,
  options: {
    /** The areas the file's requests go to: each gets its assertion. */
    areas: readonly Probe['area'][];
    /** The most requests the file may send per target. */
    budget: number;
    fuzz: Fuzz;
  },
): void {
  describe.each(databaseTargets)(`Malformed requests to ${subject} on %s`, (name, serverUrl) => {
    let campaign: Campaign;
    const failing = (area: Probe['area']) =>
      campaign.outcomes.filter((outcome) => outcome.probe.area === area && outcome.problems.length > 0);
    const unknown = (outcomes: Outcome[]) =>
      outcomes.filter((outcome) => !KNOWN_DEFECTS.some((defect) => defect.matches(outcome)));

    beforeAll(async () => {
      campaign = await runCampaign(serverUrl, options.budget, options.fuzz);
      console.info(summary(name, campaign, options.budget));
    }, CAMPAIGN_TIME_LIMIT_MS);

    afterAll(() => campaign?.close(), CAMPAIGN_TIME_LIMIT_MS);

    it('sends requests to every area it probes, and to no other', () => {
      const sentTo = new Set(campaign.outcomes.map((outcome) => outcome.probe.area));
      expect([...sentTo].sort()).toEqual([...options.areas].sort());
    });

    if (options.areas.includes('rest'))
      it('answers every malformed /api request below 500, each 4xx as { error, message }, briefly and naming no internals', () => {
        expect(describeFailures(unknown(failing('rest')))).toBe('');
      });

    if (options.areas.includes('graphql'))
      it('answers every malformed GraphQL request below 500 and without an INTERNAL_SERVER_ERROR, briefly and naming no internals', () => {
        expect(describeFailures(unknown(failing('graphql')))).toBe('');
      });

    it('keeps serving, and keeps the main session, after every batch', () => {
      expect(campaign.liveness).toEqual([]);
    });

    for (const defect of KNOWN_DEFECTS.filter((known) => !known.racy)) {
      it.failing(`known defect (once fixed, delete its KNOWN_DEFECTS entry): ${defect.name}`, () => {
        expect(
          describeFailures(campaign.outcomes.filter((o) => o.problems.length > 0 && defect.matches(o))),
        ).toBe('');
      });
    }
  });
}
