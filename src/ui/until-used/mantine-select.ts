// Mantine's Select in a chunk of its own, loaded by DeferredSelect.
export { Select as default } from '@mantine/core';
