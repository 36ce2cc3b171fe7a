import type { ElearningItem } from '@contract/elearning/resource';
import type { PlayerPackage } from '@contract/elearning/tracking';
import { NavLink, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled, IconFolder } from '@tabler/icons-react';

type ElearningContentsProps = {
  pkg: PlayerPackage;
  openId: string | undefined;
  onOpen: (sco: ElearningItem) => void;
};

/**
 * A multi-SCO package's organization as a table of contents: its items nested as the manifest nests
 * them, each SCO marked done or not; choosing one opens it. Folder items only group their children.
 */
export function ElearningContents({ pkg, openId, onOpen }: ElearningContentsProps) {
  const done = new Set(pkg.records.filter((record) => record.done).map((record) => record.scoId));
  return (
    <Paper withBorder p="xs" component="nav" aria-label="Package contents">
      <Title order={3} size="h5" px="xs" pb="xs">
        {pkg.structure.organizationTitle || 'Contents'}
      </Title>
      {pkg.structure.items.map((item) =>
        item.launch === null ? (
          <Text
            key={item.identifier}
            size="sm"
            fw={600}
            py={4}
            pl={`calc(var(--mantine-spacing-xs) + ${item.depth} * var(--mantine-spacing-md))`}
          >
            <IconFolder size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {item.title}
          </Text>
        ) : (
          <NavLink
            key={item.identifier}
            component="button"
            type="button"
            variant="filled"
            pl={`calc(var(--mantine-spacing-xs) + ${item.depth} * var(--mantine-spacing-md))`}
            active={item.identifier === openId}
            aria-current={item.identifier === openId ? 'step' : undefined}
            label={item.title}
            leftSection={
              done.has(item.identifier) ? (
                <ThemeIcon color="green" variant="transparent" size="sm" aria-label="Done">
                  <IconCircleCheckFilled size={18} />
                </ThemeIcon>
              ) : (
                <IconCircle size={18} aria-label="Not done" />
              )
            }
            onClick={() => onOpen(item)}
          />
        ),
      )}
    </Paper>
  );
}
