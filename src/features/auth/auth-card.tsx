import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: string; children: ReactNode };

/** The frame of the public sign-in screens. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg">
          <Text fw={700} c="blue">
            Training Admin
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
