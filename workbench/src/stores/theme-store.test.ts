import { action, observable, runInAction } from 'mobx';
import { THEME_KEY, ThemeStore, applyTheme, themeKey, type ColorSchemePreference } from './theme-store';
import { memoryStorage } from '../testing/fake-api';

/** A prefers-color-scheme the test changes. */
function fakeScheme(dark: boolean) {
  const listeners = new Set<(dark: boolean) => void>();
  const scheme: ColorSchemePreference & { set(dark: boolean): void } = {
    prefersDark: () => dark,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      dark = next;
      for (const listener of listeners) listener(next);
    },
  };
  return scheme;
}

function setup(systemDark = false) {
  const storage = memoryStorage();
  const account = observable.box<string | null>(null);
  const scheme = fakeScheme(systemDark);
  const theme = new ThemeStore(storage, () => account.get(), scheme);
  const signIn = action((id: string | null) => account.set(id));
  return { storage, theme, scheme, signIn };
}

describe('ThemeStore', () => {
  it('follows prefers-color-scheme until the person chooses', () => {
    const { theme, scheme } = setup(true);
    expect(theme.theme).toBe('dark');
    scheme.set(false);
    expect(theme.theme).toBe('light');
    theme.choose('dark');
    scheme.set(false);
    expect(theme.theme).toBe('dark');
    theme.followSystem();
    expect(theme.theme).toBe('light');
    expect(theme.choice).toBeNull();
  });

  it('keeps each account its own choice in this browser', () => {
    const { theme, storage, signIn } = setup(false);
    signIn('ada');
    theme.toggle();
    expect(theme.dark).toBe(true);
    expect(storage.getItem(themeKey('ada'))).toBe('dark');

    signIn('grace');
    expect(theme.theme).toBe('light');
    theme.choose('light');
    signIn('ada');
    expect(theme.theme).toBe('dark');
    signIn(null);
    expect(theme.choice).toBeNull();
    expect(storage.getItem(THEME_KEY)).toBeNull();
  });

  it('gives an account without a choice the one made while signed out', () => {
    const { theme, storage, signIn } = setup(false);
    theme.choose('dark');
    expect(storage.getItem(THEME_KEY)).toBe('dark');
    signIn('ada');
    expect(theme.theme).toBe('dark');
    expect(storage.getItem(themeKey('ada'))).toBe('dark');
  });

  it('reads a damaged entry as no choice', () => {
    const storage = memoryStorage();
    storage.setItem(THEME_KEY, 'purple');
    const theme = new ThemeStore(storage, () => null, fakeScheme(false));
    expect(theme.choice).toBeNull();
    expect(theme.theme).toBe('light');
  });

  it("puts Blueprint's dark class on the body and sets the color scheme", () => {
    const classes = new Set<string>();
    const doc = {
      body: {
        classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      },
      documentElement: { style: { colorScheme: '' } },
    };
    applyTheme(doc, 'dark', 'bp6-dark');
    expect(classes.has('bp6-dark')).toBe(true);
    expect(doc.documentElement.style.colorScheme).toBe('dark');
    runInAction(() => applyTheme(doc, 'light', 'bp6-dark'));
    expect(classes.has('bp6-dark')).toBe(false);
  });
});
