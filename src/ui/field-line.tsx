import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One value of a row shown inside the row's first cell or card ('Email: jane@example.com'), for
 * the columns a narrow screen has no room for. Long words (emails) break instead of widening the row.
 */
export function FieldLine({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {label ? (
        <Text span size="sm" c="dimmed">
          {label}:{' '}
        </Text>
      ) : null}
      {children}
    </Text>
  );
}
