import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one <h1> of a screen. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
