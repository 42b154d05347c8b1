/** The theme switch in the avatar menu (the spec is silent; decisions recorded in the README). */
export const THEME_TEXTS = {
  darkMode: 'Dark mode',
  followSystem: 'Use system setting',
  followingSystem: 'Following your system setting',
  group: 'Theme',
} as const;
