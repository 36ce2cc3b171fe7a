import { loginSchema } from '@contract/auth';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { setSession } from '@/lib/auth-store';
import { toast } from '@/lib/notify';
import { homePathFor } from '@/lib/session';
import { useSchemaForm } from '@/ui/form/use-schema-form';
import { TextField } from '@/ui/text-field';
import { AuthCard } from './auth-card';
import { authKeys, useLoginMutation } from './queries';

export function LoginScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLoginMutation();

  const form = useSchemaForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    onSubmit: async (value) => {
      const { message, results } = await login.mutateAsync(value);
      if ('requirePasswordReset' in results) {
        toast.info(message);
        await navigate({ to: '/reset-password/$token', params: { token: results.resetToken } });
        return;
      }
      await setSession(results.token, results.user);
      queryClient.setQueryData(authKeys.me(), results.user);
      toast.success(message);
      await navigate({ to: homePathFor(results.user) });
    },
  });

  return (
    <AuthCard title="Log in to your account" subtitle="Enter your email and password to continue.">
      <form noValidate onSubmit={form.handleSubmit}>
        <Stack>
          <TextField
            {...form.field('email')}
            type="email"
            label="Email"
            withAsterisk
            autoComplete="username"
          />
          <TextField
            {...form.field('password')}
            type="password"
            label="Password"
            withAsterisk
            autoComplete="current-password"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
