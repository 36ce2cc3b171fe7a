import { type CSSVariablesResolver, createTheme, darken, luminance } from '@mantine/core';

/**
 * Every text colour here meets WCAG AA (4.5:1) on the backgrounds it is used on, in both schemes; the
 * accessibility test (tests/e2e/accessibility.spec.ts) holds every screen to it.
 *
 * Blue 8 (#1971c2) is the primary shade: white on it and it on white are 5.0:1, where Mantine's usual
 * blue 7 (#1c7ed6) is 4.2:1. It is also the manifest's and index.html's theme colour.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Names for the icon-only buttons Mantine draws itself; by name, so no component is imported here.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear file' } } },
    Calendar: {
      defaultProps: {
        // The month and year in the header are named by their own text.
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        },
      },
    },
  },
});

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Shade 9 of a colour, darkened until it reads at 4.5:1 on shade 1 (light badges, buttons, alerts). */
function lightVariantText(shades: readonly string[]): string {
  const background = shades[1] as string;
  let text = shades[9] as string;
  for (let step = 1; contrast(text, background) < 4.6 && step <= 10; step += 1)
    text = darken(shades[9] as string, step * 0.05);
  return text;
}

/**
 * Mantine's defaults that fall short of 4.5:1: dimmed text (grey 6 on white is 3.3:1, dark 2 on
 * dark 6 is 3.5:1), placeholders (axe reads the file input's as text; grey 5 is 2.1:1), error text (red 6 on white is 3.3:1) and the text of light variants (green 9
 * on green 1, as the Online badge, is 3.8:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const [name, shades] of Object.entries(current.colors))
    light[`--mantine-color-${name}-light-color`] = lightVariantText(shades);
  return {
    variables: {},
    light,
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
      '--mantine-color-error': 'var(--mantine-color-red-4)',
    },
  };
};
