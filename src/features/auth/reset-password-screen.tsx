import { resetPasswordFormSchema } from '@contract/auth';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from '@/lib/notify';
import { useSchemaForm } from '@/ui/form/use-schema-form';
import { TextField } from '@/ui/text-field';
import { AuthCard } from './auth-card';
import { useResetPasswordMutation } from './queries';

export const SUPPORT_EMAIL = 'support@example.com';
export const HELP_CENTER_URL = 'https://help.example.com';

export function ResetPasswordScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPasswordMutation();

  const form = useSchemaForm({
    schema: resetPasswordFormSchema,
    defaultValues: { newPassword: '', confirmPassword: '' },
    onSubmit: async (value) => {
      // A bad or expired link (400) is toasted by the api client and the user stays on the form.
      const { message } = await resetPassword.mutateAsync({ ...value, token });
      toast.success(message);
      await navigate({ to: '/login' });
    },
  });

  return (
    <AuthCard title="Reset Your Password" subtitle="Choose a new password of at least 6 characters.">
      <form noValidate onSubmit={form.handleSubmit}>
        <Stack>
          <TextField
            {...form.field('newPassword')}
            type="password"
            label="New Password*"
            autoComplete="new-password"
          />
          <TextField
            {...form.field('confirmPassword')}
            type="password"
            label="Confirm Password*"
            autoComplete="new-password"
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Reset Password
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              Back to log in
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" ta="center">
            Need help? Visit the{' '}
            <Anchor href={HELP_CENTER_URL} target="_blank" rel="noreferrer">
              Help Center
            </Anchor>{' '}
            or <Anchor href={`mailto:${SUPPORT_EMAIL}`}>contact support</Anchor>.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
