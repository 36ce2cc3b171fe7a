import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { createStore, useSelector } from '@tanstack/react-store';
import { localKeys, readLocal, writeLocal } from './local-store';

/**
 * Shell preferences, kept on the device. `isCollapse` keeps the spec's name and meaning: true means the
 * sidebar is expanded. `colorScheme` is 'auto' (follow the device), 'light' or 'dark'.
 */
export type ThemeState = { isCollapse: boolean; colorScheme: MantineColorScheme };

const COLOR_SCHEMES: readonly MantineColorScheme[] = ['auto', 'light', 'dark'];

export const themeStore = createStore<ThemeState>({ isCollapse: true, colorScheme: 'auto' });

export function useTheme<T>(select: (state: ThemeState) => T): T {
  return useSelector(themeStore, select);
}

/** Read before the first render (main.tsx awaits it), so the first paint already has the saved scheme. */
export async function rehydrateTheme(): Promise<void> {
  try {
    const saved = await readLocal<Partial<ThemeState>>(localKeys.theme);
    themeStore.setState((state) => ({
      isCollapse: typeof saved?.isCollapse === 'boolean' ? saved.isCollapse : state.isCollapse,
      colorScheme: isColorScheme(saved?.colorScheme) ? saved.colorScheme : state.colorScheme,
    }));
  } catch (error) {
    console.warn('Could not restore the shell preferences.', error);
  }
}

function isColorScheme(value: unknown): value is MantineColorScheme {
  return COLOR_SCHEMES.includes(value as MantineColorScheme);
}

function save(): void {
  writeLocal(localKeys.theme, themeStore.get()).catch((error: unknown) =>
    console.warn('Could not save the shell preferences.', error),
  );
}

export function toggleSidebar(): void {
  themeStore.setState((state) => ({ ...state, isCollapse: !state.isCollapse }));
  save();
}

export function expandSidebar(): void {
  if (!themeStore.get().isCollapse) toggleSidebar();
}

/**
 * Mantine's colour scheme kept in the theme store, beside the sidebar state, rather than in
 * localStorage: the store is read before the app renders, so no inline script is needed (the
 * Content-Security-Policy forbids one) and signing out clears it with the rest of the device's data.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue) => {
    const { colorScheme } = themeStore.get();
    return isColorScheme(colorScheme) ? colorScheme : defaultValue;
  },
  set: (colorScheme) => {
    if (themeStore.get().colorScheme === colorScheme) return;
    themeStore.setState((state) => ({ ...state, colorScheme }));
    save();
  },
  // Only this tab changes the scheme, through Mantine's own setColorScheme.
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => colorSchemeManager.set('auto'),
};
