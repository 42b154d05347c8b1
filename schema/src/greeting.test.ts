import { greeting } from './greeting';

describe('greeting', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [17, 'Good Afternoon'],
    [18, 'Good Evening'],
    [23, 'Good Evening'],
  ])('hour %i -> %s', (hour, text) => {
    expect(greeting(hour)).toBe(text);
  });
});
