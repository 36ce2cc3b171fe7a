import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type ComplianceFigures,
  type ComplianceStatus,
} from '@contract/course-assignments/compliance';
import { SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';

const COLORS: Record<ComplianceStatus, string> = {
  assigned: 'blue',
  completed: 'teal',
  overdue: 'red',
  expiring: 'orange',
};

/** Renders a figure as a link (a router link given the figure's props) instead of a button. */
export type FigureLink = (status: ComplianceStatus) => (props: Record<string, unknown>) => ReactElement;

type FigureStatsProps = {
  figures: ComplianceFigures;
  /** Opens the rows a figure counts: in a dialog (a button), or at an address (`link`). */
  onPick?: (status: ComplianceStatus) => void;
  link?: FigureLink;
  /** Whose figures, for each button's name: 'the organization', 'Growth Team'. */
  of: string;
  cols?: { base: number; sm?: number };
};

/** The four figures, each a button or a link to the list of the rows it counts. */
export function FigureStats({ figures, onPick, link, of, cols = { base: 2, sm: 4 } }: FigureStatsProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {COMPLIANCE_STATUSES.map((status) => (
        <UnstyledButton
          key={status}
          className="figure-stat"
          data-status={status}
          style={{ '--stat-color': `var(--mantine-color-${COLORS[status]}-filled)` }}
          onClick={onPick ? () => onPick(status) : undefined}
          renderRoot={link?.(status)}
        >
          <Text size="xl" fw={700}>
            {figures[status].toLocaleString()}
          </Text>
          <Text size="sm" c="dimmed">
            {COMPLIANCE_STATUS_LABELS[status]}
            <VisuallyHidden component="span"> (list them for {of})</VisuallyHidden>
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
