import { describeFuzzCampaign } from '../testing/fuzz-campaign';
import { fuzzRest } from '../testing/fuzz-rest-probes';

/**
 * Malformed requests to an app's test set and test runs (/api/apps/{id}/test-set...,
 * /api/apps/{id}/test-runs...): wrong types, NUL characters, huge and truncated bodies, bad JSON
 * Lines, foreign ids. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The harness
 * and its rules are in `../testing/fuzz-campaign.ts`, the requests in `../testing/fuzz-rest-probes.ts`.
 *
 * Budget: 1,600 requests per target (the campaign stops with an error past it).
 */
describeFuzzCampaign('the test set and test run routes of /api', {
  areas: ['rest'],
  budget: 1_600,
  fuzz: fuzzRest('testing'),
});
