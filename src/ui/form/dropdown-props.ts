import type { ComboboxProps } from '@mantine/core';

/**
 * How the form's dropdowns open: fixed to the screen rather than placed in the page. A list opens
 * for a frame at its last place before it is moved under its field; placed in the page it can then
 * stick out to the right, and a phone's browser zooms out to fit the wider page, which cuts the
 * scroll short: the page jumps up, the field drops below the fold and the tap meant for it lands
 * elsewhere, closing the list. A fixed list never widens or lengthens the page.
 */
export const dropdownProps = {
  floatingStrategy: 'fixed',
} as const satisfies ComboboxProps;
