// Mantine's Tooltip in a chunk of its own, loaded by DeferredTooltip.
export { Tooltip as default } from '@mantine/core';
