import { DEFAULT_APP_NAME, emptyConfig } from './app';

describe('app', () => {
  it("names a new app 'My App'", () => {
    expect(DEFAULT_APP_NAME).toBe('My App');
  });

  it('starts with no blocks, no connections, zoom 1 and no pan', () => {
    expect(emptyConfig()).toEqual({ plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } });
    expect(emptyConfig()).not.toBe(emptyConfig());
  });
});
