import { createTheme } from '@mantine/core';

/** Blue 7 is #1c7ed6, the manifest's theme colour, so the installed app and its pages match. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 7,
  defaultRadius: 'md',
});
