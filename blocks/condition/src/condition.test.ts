import { runBlock } from '@blocksmith/block-sdk/testing';
import { condition } from './condition';
import { MAX_CHECKED_CHARS, numberIn } from './check-rule';

async function routeFor(value: unknown, settings: Record<string, unknown>): Promise<string[]> {
  return (await runBlock(condition, { upstream: { value }, settings })).routes;
}

describe('condition', () => {
  it('declares two routes, costs nothing and passes the checked value on', async () => {
    expect(condition.routes).toEqual({ ports: ['true', 'false'] });
    expect(condition.cost).toBe(0);
    const { outputs, routes } = await runBlock(condition, {
      upstream: { input_text: 'Hello world' },
      settings: { rule: 'contains', value: 'WORLD' },
    });
    expect(routes).toEqual(['true']);
    expect(outputs).toEqual({ checked_value: 'Hello world', condition_met: 'true' });
  });

  it('checks equality and containment, in any case or exactly', async () => {
    expect(await routeFor('  Yes ', { rule: 'equals', value: 'yes' })).toEqual(['true']);
    expect(await routeFor('Yes', { rule: 'equals', value: 'yes', ignore_case: false })).toEqual(['false']);
    expect(await routeFor('a cat', { rule: 'contains', value: 'dog' })).toEqual(['false']);
  });

  it('matches regular expressions in linear time, and explains one it cannot use', async () => {
    expect(await routeFor('Order #1234', { rule: 'matches', value: '#\\d{4}$' })).toEqual(['true']);
    expect(await routeFor(`${'a'.repeat(5000)}b`, { rule: 'matches', value: '^(a+)+$' })).toEqual(['false']);
    await expect(routeFor('x', { rule: 'matches', value: '(' })).rejects.toThrow(
      '"Compare with" is not a regular expression this block can use (missing closing )).',
    );
  });

  it('compares numbers written in text, and says when the rule has no number', async () => {
    expect(await routeFor('1,250', { rule: 'number', operator: 'gte', value: '1000' })).toEqual(['true']);
    expect(await routeFor(7, { rule: 'number', operator: 'lt', value: '7' })).toEqual(['false']);
    expect(await routeFor('seven', { rule: 'number', operator: 'ne', value: '7' })).toEqual(['false']);
    expect(await routeFor('3', { rule: 'number', operator: 'Not equal to', value: '4' })).toEqual(['true']);
    await expect(routeFor('3', { rule: 'number', value: 'lots' })).rejects.toThrow(
      'Write a number in "Compare with" (it says "lots").',
    );
    expect(numberIn(' -3.5 ')).toBe(-3.5);
    expect(numberIn('')).toBeNull();
  });

  it('treats empty text, lists and objects as empty', async () => {
    for (const value of ['  ', [], {}, null])
      expect(await routeFor(value, { rule: 'empty' })).toEqual(['true']);
    expect(await routeFor('x', { rule: 'empty' })).toEqual(['false']);
  });

  it('routes by a classification’s category, given as its answer or its category text', async () => {
    const answer = { category: 'Complaint', sentiment: 'negative', confidence: 0.9 };
    expect(await routeFor(answer, { rule: 'category', value: 'question, complaint' })).toEqual(['true']);
    expect(await routeFor('Praise', { rule: 'category', value: 'Complaint' })).toEqual(['false']);
    await expect(routeFor('x', { rule: 'category', value: ' , ' })).rejects.toThrow(
      'Write the category to look for',
    );
  });

  it('checks another upstream value when one is picked', async () => {
    const { outputs, routes } = await runBlock(condition, {
      upstream: { input_text: 'ignored' },
      variables: { score: '91' },
      settings: { subject: '{{score}}', rule: 'number', operator: 'gt', value: '90' },
    });
    expect(routes).toEqual(['true']);
    expect(outputs.checked_value).toBe('91');
  });

  it('checks only the first part of very long text', async () => {
    const long = `${'x'.repeat(MAX_CHECKED_CHARS)}needle`;
    expect(await routeFor(long, { rule: 'contains', value: 'needle' })).toEqual(['false']);
  });
});
