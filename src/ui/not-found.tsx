import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={700} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed" ta="center">
          The page you are looking for does not exist or has been moved.
        </Text>
        <Button component={Link} to="/" variant="light">
          Go to home page
        </Button>
      </Stack>
    </Center>
  );
}
