import { type LoginInput, loginSchema } from '@contract/auth';
import { Anchor, Group, Stack } from '@mantine/core';
import { revalidateLogic } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { setSession } from '@/lib/auth-store';
import { toast } from '@/lib/notify';
import { homePathFor } from '@/lib/session';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { AuthCard } from './auth-card';
import { authKeys, useLoginMutation } from './queries';

const defaultValues: LoginInput = { email: '', password: '' };

export function LoginScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLoginMutation();

  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: loginSchema },
    onSubmit: async ({ value }) => {
      try {
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
      } catch (error) {
        // 401, 403 and 429 were toasted by the api client; 422 goes under the fields.
        applyServerErrors(form, error);
      }
    },
  });

  return (
    <AuthCard title="Log in to your account" subtitle="Enter your email and password to continue.">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Stack>
          <form.AppField name="email">
            {(field) => <field.TextField type="email" label="Email" withAsterisk autoComplete="username" />}
          </form.AppField>
          <form.AppField name="password">
            {(field) => (
              <field.TextField
                type="password"
                label="Password"
                withAsterisk
                autoComplete="current-password"
              />
            )}
          </form.AppField>
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <form.AppForm>
            <form.SubmitButton fullWidth>Login</form.SubmitButton>
          </form.AppForm>
        </Stack>
      </form>
    </AuthCard>
  );
}
