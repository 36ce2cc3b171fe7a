import { messages } from '@contract/messages';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The generic screen for an uncaught error in a route (spec 2: 'Something went wrong'). */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {messages.uiFallback}
        </Title>
        <Text c="dimmed" ta="center">
          The screen could not be shown. Try again, or go back to the home page.
        </Text>
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button component={Link} to="/" variant="light">
            Go to home page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
