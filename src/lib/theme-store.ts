import { createStore, useSelector } from '@tanstack/react-store';
import { localKeys, readLocal, writeLocal } from './local-store';

/** Shell preferences. `isCollapse` keeps the spec's name and meaning: true means the sidebar is expanded. */
export type ThemeState = { isCollapse: boolean };

export const themeStore = createStore<ThemeState>({ isCollapse: true });

export function useTheme<T>(select: (state: ThemeState) => T): T {
  return useSelector(themeStore, select);
}

export async function rehydrateTheme(): Promise<void> {
  try {
    const saved = await readLocal<Partial<ThemeState>>(localKeys.theme);
    if (typeof saved?.isCollapse === 'boolean')
      themeStore.setState(() => ({ isCollapse: saved.isCollapse === true }));
  } catch (error) {
    console.warn('Could not restore the sidebar state.', error);
  }
}

export function toggleSidebar(): void {
  themeStore.setState((state) => ({ isCollapse: !state.isCollapse }));
  writeLocal(localKeys.theme, themeStore.get()).catch((error: unknown) =>
    console.warn('Could not save the sidebar state.', error),
  );
}

export function expandSidebar(): void {
  if (!themeStore.get().isCollapse) toggleSidebar();
}
